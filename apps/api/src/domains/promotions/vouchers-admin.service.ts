import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import {
  AppError,
  say,
  shopIsoString,
  type AdminVoucher,
  type OrderStatus,
  type VoucherCreateBody,
  type VoucherListQuery,
  type VoucherType,
  type VoucherUpdateBody,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { voucherRedemptions, vouchers } from '../../db/schema/index.ts'
import { memberNameOf } from '../members/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'
import type { CatalogTargets, OrderHeaders } from './order-headers.ts'

/**
 * Vouchers in the back office (issue 14): the checkout's own `vouchers` table (decision 018). A
 * paused voucher is `active = false`, which checkout's findVoucher already refuses as an unknown
 * code (404 PRM001); resuming makes it usable again. The uses (used_count, voucher_redemptions)
 * are checkout's alone: staff edit the terms and rules (decision 058), never the count. Brands,
 * categories and products must exist in the catalog (422 STF162 naming the unknown ones).
 */

type VoucherRow = typeof vouchers.$inferSelect

/** What a voucher is now: paused, not started, past its end, every use taken, or running. */
const STATE = sql<AdminVoucher['state']>`case
  when not ${vouchers.active} then 'paused'
  when ${vouchers.endsAt} is not null and ${vouchers.endsAt} < now() then 'expired'
  when ${vouchers.startsAt} is not null and ${vouchers.startsAt} > now() then 'scheduled'
  when ${vouchers.usageLimit} is not null and ${vouchers.usedCount} >= ${vouchers.usageLimit} then 'used_up'
  else 'running' end`

function stateOf(row: VoucherRow, now = Date.now()): AdminVoucher['state'] {
  if (!row.active) return 'paused'
  if (row.endsAt && row.endsAt.getTime() < now) return 'expired'
  if (row.startsAt && row.startsAt.getTime() > now) return 'scheduled'
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used_up'
  return 'running'
}

const viewOf = (row: VoucherRow): AdminVoucher => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type as VoucherType,
  value: row.value,
  max_discount: row.maxDiscount,
  min_purchase: row.minPurchase,
  starts_at: shopIsoString(row.startsAt),
  ends_at: shopIsoString(row.endsAt),
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
  paused: !row.active,
  state: stateOf(row),
  created_at: shopIsoString(row.createdAt)!,
  per_customer_limit: row.perCustomerLimit,
  brands: row.brands,
  categories: row.categories,
  products: row.products,
  first_order_only: row.firstOrderOnly,
})

/** The changes an audit row keeps: each moved field from → to. */
function moved(before: VoucherRow, after: VoucherRow): Record<string, { from: unknown; to: unknown }> {
  const a = viewOf(before)
  const b = viewOf(after)
  const out: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of Object.keys(b) as (keyof AdminVoucher)[]) {
    if (key === 'state' || key === 'used_count') continue
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = { from: a[key], to: b[key] }
  }
  return out
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505')

/** One page of vouchers, newest first, with their uses. */
export async function listVouchers(
  db: Db,
  query: VoucherListQuery,
): Promise<{ vouchers: AdminVoucher[]; totalPages: number }> {
  const filters: (SQL | undefined)[] = []
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    filters.push(or(ilike(vouchers.code, like), ilike(vouchers.name, like)))
  }
  if (query.state) filters.push(sql`${STATE} = ${query.state}`)
  const where = and(...filters)
  const [total] = await db.select({ n: count() }).from(vouchers).where(where)
  const rows = await db
    .select()
    .from(vouchers)
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return { vouchers: rows.map(viewOf), totalPages: Math.ceil((total?.n ?? 0) / query.per_page) }
}

async function voucherRow(db: Db, id: number, lock = false): Promise<VoucherRow> {
  const select = db.select().from(vouchers).where(eq(vouchers.id, id))
  const [row] = lock ? await select.for('update') : await select
  if (!row) throw new AppError('STF154')
  return row
}

/** One voucher with its redemptions and the orders that took them (newest first). */
export async function voucherDetail(db: Db, orders: OrderHeaders, id: number) {
  const row = await voucherRow(db, id)
  const uses = await db
    .select({
      idPelanggan: voucherRedemptions.idPelanggan,
      name: memberNameOf(voucherRedemptions.idPelanggan),
      at: voucherRedemptions.createdAt,
      h: {
        id: orders.idSalesHeader,
        number: orders.orderNumber,
        status: orders.status,
        promo: orders.promoValue,
        total: orders.totalBayar,
      },
    })
    .from(voucherRedemptions)
    .innerJoin(orders, eq(orders.idSalesHeader, voucherRedemptions.idSalesHeader))
    .where(eq(voucherRedemptions.voucherId, id))
    .orderBy(desc(voucherRedemptions.createdAt))
    .limit(500)
  return {
    ...viewOf(row),
    redemptions: uses.map((use) => ({
      id_pelanggan: use.idPelanggan,
      customer_name: use.name,
      at: shopIsoString(use.at)!,
      id_sales_header: use.h.id,
      sales_order_number: use.h.number,
      status: use.h.status as OrderStatus,
      promo_value: use.h.promo,
      total_bayar: use.h.total,
    })),
  }
}

/**
 * The brands, categories and products staff named, checked against the catalog: 422 STF162 naming
 * the unknown ones; the product codes as stored.
 */
async function checkedTargets(
  db: Db,
  catalogTargets: CatalogTargets,
  wanted: { brands: number[]; categories: number[]; products: string[] },
): Promise<{ brands: number[]; categories: number[]; products: string[] }> {
  const found = await catalogTargets(db, wanted)
  const unknown = [
    ...found.unknownBrands.map((id) => ({ field: 'brands', en: `brand ${id}`, id: `merek ${id}` })),
    ...found.unknownCategories.map((id) => ({
      field: 'categories',
      en: `category ${id}`,
      id: `kategori ${id}`,
    })),
    ...found.unknownProducts.map((code) => ({
      field: 'products',
      en: `product ${code}`,
      id: `produk ${code}`,
    })),
  ]
  if (unknown.length > 0) {
    throw new AppError(
      'STF162',
      say(
        `No such ${unknown.map((u) => u.en).join(', ')}`,
        `Tidak ada ${unknown.map((u) => u.id).join(', ')}`,
      ),
      unknown.map((u) => ({ field: u.field, message: `no such ${u.en}` })),
    )
  }
  return { brands: wanted.brands, categories: wanted.categories, products: found.products }
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value))

/** POST …/vouchers: a new voucher (409 STF155 when the code is taken), audited. */
export async function createVoucher(
  db: Db,
  body: VoucherCreateBody,
  actor: AuditActor,
  catalogTargets: CatalogTargets,
): Promise<AdminVoucher> {
  const targets = await checkedTargets(db, catalogTargets, body)
  try {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vouchers)
        .values({
          code: body.code,
          name: body.name,
          type: body.type,
          value: body.value,
          maxDiscount: body.max_discount,
          minPurchase: body.min_purchase,
          startsAt: dateOf(body.starts_at),
          endsAt: dateOf(body.ends_at),
          usageLimit: body.usage_limit,
          active: !body.paused,
          perCustomerLimit: body.per_customer_limit,
          brands: targets.brands,
          categories: targets.categories,
          products: targets.products,
          firstOrderOnly: body.first_order_only,
        })
        .returning()
      await recordAudit(tx, actor, {
        action: 'voucher.create',
        targetType: 'voucher',
        targetId: row!.id,
        changes: { ...viewOf(row!), state: undefined },
      })
      return row!
    })
    return viewOf(row)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('STF155')
    throw error
  }
}

/**
 * PATCH …/vouchers/{id}: the terms given, checked against the stored ones under the row's lock: a
 * percentage above 100 (400), an end before the start (400), a usage limit below the uses already
 * counted (409 STF156).
 */
export async function updateVoucher(
  db: Db,
  id: number,
  body: VoucherUpdateBody,
  actor: AuditActor,
  action: 'voucher.update' | 'voucher.pause' | 'voucher.resume' = 'voucher.update',
  catalogTargets?: CatalogTargets,
): Promise<AdminVoucher> {
  const named = body.brands ?? body.categories ?? body.products
  if (named && !catalogTargets)
    throw new Error('updateVoucher: brands, categories or products need catalogTargets')
  const targets = named
    ? await checkedTargets(db, catalogTargets!, {
        brands: body.brands ?? [],
        categories: body.categories ?? [],
        products: body.products ?? [],
      })
    : null
  const after = await db.transaction(async (tx) => {
    const before = await voucherRow(tx, id, true)
    const type = body.type ?? before.type
    const value = body.value ?? before.value
    if (type === 'PERCENTAGE' && value > 100) {
      throw new AppError('REQ001', "Invalid body field 'value': a percentage must be at most 100", [
        { field: 'value', message: 'a percentage must be at most 100' },
      ])
    }
    const startsAt = body.starts_at !== undefined ? dateOf(body.starts_at) : before.startsAt
    const endsAt = body.ends_at !== undefined ? dateOf(body.ends_at) : before.endsAt
    if (startsAt && endsAt && startsAt.getTime() >= endsAt.getTime()) {
      throw new AppError('REQ001', "Invalid body field 'ends_at': must be after starts_at", [
        { field: 'ends_at', message: 'must be after starts_at' },
      ])
    }
    const usageLimit = body.usage_limit !== undefined ? body.usage_limit : before.usageLimit
    if (usageLimit !== null && usageLimit < before.usedCount) throw new AppError('STF156')
    const [row] = await tx
      .update(vouchers)
      .set({
        name: body.name ?? before.name,
        type,
        value,
        maxDiscount: body.max_discount !== undefined ? body.max_discount : before.maxDiscount,
        minPurchase: body.min_purchase ?? before.minPurchase,
        startsAt,
        endsAt,
        usageLimit,
        active: body.paused !== undefined ? !body.paused : before.active,
        perCustomerLimit: body.per_customer_limit ?? before.perCustomerLimit,
        brands: body.brands !== undefined ? targets!.brands : before.brands,
        categories: body.categories !== undefined ? targets!.categories : before.categories,
        products: body.products !== undefined ? targets!.products : before.products,
        firstOrderOnly: body.first_order_only ?? before.firstOrderOnly,
      })
      .where(eq(vouchers.id, id))
      .returning()
    const changes = moved(before, row!)
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, { action, targetType: 'voucher', targetId: id, changes })
    }
    return row!
  })
  return viewOf(after)
}
