import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  AppError,
  PROMO_MESSAGES,
  linesSubtotal,
  normalizeVoucherCode,
  voucherHasLineRules,
  voucherLineQualifies,
  voucherDiscount,
  voucherRefusal,
  voucherRefusalMessage,
  type VoucherState,
  type VoucherType,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { voucherRedemptions, vouchers } from '../../db/schema/index.ts'

/**
 * Vouchers (decision 018, their rules decision 058): looked up by their normalized code with the
 * customer's uses, refused for the first reason voucherRefusal finds (PRM001-PRM010, each with its
 * own message), and redeemed inside the order's transaction by a conditional update of used_count
 * and one voucher_redemptions row per use, in one of the customer's per_customer_limit slots.
 */

export interface Voucher extends VoucherState {
  id: number
  code: string
  name: string
  type: VoucherType
  per_customer_limit: number
  brands: number[]
  categories: number[]
  products: string[]
  first_order_only: boolean
}

/** The voucher with this code (any case), active, or null. */
export async function findVoucher(db: Db, code: string): Promise<Voucher | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, normalizeVoucherCode(code)), eq(vouchers.active, true)))
    .limit(1)
  return row ? voucherOf(row) : null
}

/** A voucher's row as checkout and the campaign read it. */
export const voucherOf = (row: typeof vouchers.$inferSelect): Voucher => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type as VoucherType,
  value: row.value,
  max_discount: row.maxDiscount,
  min_purchase: row.minPurchase,
  starts_at: row.startsAt?.getTime() ?? null,
  ends_at: row.endsAt?.getTime() ?? null,
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
  per_customer_limit: row.perCustomerLimit,
  brands: row.brands,
  categories: row.categories,
  products: row.products,
  first_order_only: row.firstOrderOnly,
})

/** The active voucher of `code` and this customer's uses of it, in one statement. */
async function voucherWithUses(
  db: Db,
  code: string,
  idPelanggan: number,
): Promise<{ voucher: Voucher; uses: number } | null> {
  const [row] = await db
    .select({
      voucher: vouchers,
      uses: sql<number>`(select count(*) from ${voucherRedemptions} r
        where r.voucher_id = ${vouchers.id} and r.id_pelanggan = ${idPelanggan})::int`,
    })
    .from(vouchers)
    .where(and(eq(vouchers.code, normalizeVoucherCode(code)), eq(vouchers.active, true)))
    .limit(1)
  return row ? { voucher: voucherOf(row.voucher), uses: Number(row.uses) } : null
}

/** A ticked line as the voucher reads it: its bag line id, brand, product and amount. */
export interface VoucherOrderLine {
  idLine: number
  idBrand: number | null
  productCode: string
  price: number
  qty: number
}

/** The product codes among `productCodes` in one of `categoryIds` (catalog's productsInCategories). */
export type InCategories = (
  productCodes: readonly string[],
  categoryIds: readonly number[],
) => Promise<ReadonlySet<string>>

/** What applicableVoucher answers: the voucher, its discount and the lines it counted. */
export interface ApplicableVoucher {
  voucher: Voucher
  discount: number
  /** The bag line ids the discount counted (every line without brands, categories or products). */
  lines: number[]
  /** Their subtotal: the one min_purchase and the discount are computed on. */
  subtotal: number
}

/**
 * The voucher of `code` for this customer's lines and fare, with the discount it gives and the
 * lines it counted; throws the refusal (PRM001-PRM010) with its shopper message otherwise.
 *
 * One statement for a voucher without rules (the voucher with the customer's uses); `inCategories`
 * (the catalog's) is asked only when the voucher names categories, and `hasOrders` (orders') only
 * for a first-order voucher.
 */
export async function applicableVoucher(
  db: Db,
  code: string,
  context: {
    idPelanggan: number
    lines: readonly VoucherOrderLine[]
    delivery: number
    now: number
    /** Has the customer an order that is not cancelled (orders' answer; first-order vouchers only)? */
    hasOrders?: () => Promise<boolean>
    /**
     * The product codes among some that lie in one of some categories (catalog's
     * `productsInCategories`, handed over by the caller: catalog reaches promotions through content,
     * so promotions cannot import it). Asked only for a voucher that names categories.
     */
    inCategories?: InCategories
  },
): Promise<ApplicableVoucher> {
  const found = await voucherWithUses(db, code, context.idPelanggan)
  const voucher = found?.voucher ?? null
  const counted = voucher ? await qualifyingLines(voucher, context.lines, context.inCategories) : []
  const subtotal = linesSubtotal(counted)
  const hasOrders = voucher?.first_order_only && context.hasOrders ? await context.hasOrders() : false
  const refusal = voucherRefusal(voucher, {
    now: context.now,
    subtotal,
    usesByCustomer: found?.uses ?? 0,
    qualifyingLines: counted.length,
    hasOrders,
  })
  if (refusal) throw new AppError(refusal, voucherRefusalMessage(refusal, voucher))
  return {
    voucher: voucher!,
    discount: voucherDiscount(voucher!, subtotal, context.delivery),
    lines: counted.map((line) => line.idLine),
    subtotal,
  }
}

/** The lines the voucher counts (decision 058); the catalog read only for a voucher with categories. */
async function qualifyingLines(
  voucher: Voucher,
  lines: readonly VoucherOrderLine[],
  categoriesOf: InCategories | undefined,
): Promise<readonly VoucherOrderLine[]> {
  if (!voucherHasLineRules(voucher)) return lines
  const inCategories =
    voucher.categories.length > 0 && categoriesOf
      ? await categoriesOf([...new Set(lines.map((line) => line.productCode))], voucher.categories)
      : new Set<string>()
  return lines.filter((line) =>
    voucherLineQualifies(voucher, {
      idBrand: line.idBrand,
      productCode: line.productCode,
      categoryIds: inCategories.has(line.productCode) ? voucher.categories : [],
    }),
  )
}

/**
 * Counts one use of the voucher for the customer's order, inside the order's transaction: a
 * conditional update that fails once every use is taken (409 PRM005) or the voucher was paused
 * meanwhile (404 PRM001), and a redemption row in the customer's lowest free slot (1 to the
 * voucher's per_customer_limit) whose primary key (voucher, customer, slot) fails a use past the
 * limit even from a parallel transaction (409 PRM006, or PRM010 for a limit above 1). Either
 * refusal rolls the whole order back.
 */
export async function redeemVoucher(
  tx: Transaction,
  voucherId: number,
  idPelanggan: number,
  idSalesHeader: string,
  perCustomerLimit = 1,
): Promise<void> {
  const [counted] = await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        // Paused by staff meanwhile (the back office): refused as at lookup.
        eq(vouchers.active, true),
        or(isNull(vouchers.usageLimit), lt(vouchers.usedCount, vouchers.usageLimit)),
      ),
    )
    .returning({ limit: vouchers.perCustomerLimit })
  if (!counted) {
    const [row] = await tx
      .select({ active: vouchers.active })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId))
    throw new AppError(row?.active ? 'PRM005' : 'PRM001')
  }
  // The lowest slot the customer has not taken, up to the limit the update just read under its
  // row lock; two transactions taking the same slot meet on the primary key, the later one
  // inserting nothing.
  const inserted = await tx.execute(sql`insert into ${voucherRedemptions}
      (voucher_id, id_pelanggan, id_sales_header, use_number)
    select ${voucherId}, ${idPelanggan}, ${idSalesHeader}, n from generate_series(1, ${counted.limit}::int) n
    where not exists (select 1 from ${voucherRedemptions} r where r.voucher_id = ${voucherId}
      and r.id_pelanggan = ${idPelanggan} and r.use_number = n)
    order by n limit 1
    on conflict do nothing
    returning voucher_id`)
  const row = (inserted as unknown as { rows: unknown[] }).rows[0]
  if (!row) {
    const limit = counted.limit ?? perCustomerLimit
    if (limit > 1) throw new AppError('PRM010', PROMO_MESSAGES.perCustomerLimit(limit))
    throw new AppError('PRM006')
  }
}

/**
 * Gives back a cancelled order's voucher use, inside the cancel's transaction: its redemption row
 * deleted and the voucher's used_count lowered by one (never below 0).
 */
export async function releaseVoucherUse(tx: Transaction, idSalesHeader: string): Promise<void> {
  const uses = await tx
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.idSalesHeader, idSalesHeader))
    .returning({ voucherId: voucherRedemptions.voucherId })
  for (const use of uses) {
    await tx
      .update(vouchers)
      .set({ usedCount: sql`${vouchers.usedCount} - 1` })
      .where(and(eq(vouchers.id, use.voucherId), sql`${vouchers.usedCount} > 0`))
  }
}
