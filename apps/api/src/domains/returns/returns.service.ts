import { randomInt } from 'node:crypto'
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import {
  AppError,
  CHECKOUT_WAREHOUSE_ID,
  needsPhotos,
  needsRefundAccount,
  NOT_FOR_SALE_REASONS,
  pick,
  refundMethodFor,
  RETURN_LIVE_STATUSES,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  returnDeadline,
  shopClock,
  shopIsoString,
  type CreateReturnBody,
  type MessageLanguage,
  type Return,
  type ReturnListItem,
  type ReturnListQuery,
  type ReturnOptions,
  type ReturnReason,
  type ReturnResolution,
  type ReturnSettings,
  type ReturnStatus,
  type StaffReturn,
  type StaffReturnListItem,
  type StaffReturnListQuery,
  type StaffReturnReceiveBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { returnEvents, returnLines, returnPhotos, returns, returnSettings } from '../../db/schema/index.ts'
import {
  orderForReturn,
  trackOrderParcel,
  type OrderForReturn,
  type TrackingContext,
} from '../orders/index.ts'
import { productsForReturn } from '../catalog/index.ts'
import { heldUnitsOf } from '../inventory/index.ts'
import { storePictures } from '../media/index.ts'
import type { StoredPhoto } from '../reviews/index.ts'
import type { UploadStorage } from '../../providers/storage/index.ts'
import { refundOf } from './money.ts'

/**
 * Returns and size exchanges (issue 40, decision 055): a buyer asks, staff approve or reject,
 * receive what arrived, and the money goes back or the new size ships. Every move is one guarded
 * update on the return's row, taken FOR UPDATE first, with its event (and, for staff, its audit
 * row) in the same transaction: a move pressed twice, or by two people at once, happens once and
 * the second press answers the state it finds.
 */

type Tx = Db | Transaction

/** Crockford's base 32 without I, L, O and U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A return number: 'RTN-' + the shop's date (YYMMDD) + '-' + 8 random characters, unguessable. */
export function newReturnNumber(now: number): string {
  const day = shopClock(now).toISOString().slice(2, 10).replaceAll('-', '')
  let tail = ''
  for (let i = 0; i < 8; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `RTN-${day}-${tail}`
}

/** The photo's public URL (photos.routes.ts); immutable, its key is never reused. */
export const returnPhotoUrl = (key: string) => `/media/return/${key}.webp`
/** The photo's object in the bucket (STORAGE=s3). */
export const returnPhotoObject = (key: string) => `return-photos/${key}.webp`

/** The hold of an exchange line's new size in inventory. */
export const holdKeyOf = (returnNumber: string, lineId: number) => `return:${returnNumber}:${lineId}`

/** The shop's return rules (the one settings row; the migration writes it). */
export async function returnSettingsOf(db: Tx): Promise<ReturnSettings> {
  const [row] = await db.select().from(returnSettings).where(eq(returnSettings.id, 1))
  return {
    window_days: row?.windowDays ?? 7,
    ship_to_name: row?.shipToName ?? '',
    ship_to_phone: row?.shipToPhone ?? '',
    ship_to_address: row?.shipToAddress ?? '',
    instructions: row?.instructions ?? '',
  }
}

/** Units of each order line asked for by live returns (not rejected or cancelled), but `except`. */
async function unitsAsked(tx: Tx, idSalesHeader: string, except?: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ line: returnLines.idSalesLine, units: sql<number>`sum(${returnLines.qty})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.idReturn))
    .where(
      and(
        eq(returns.idSalesHeader, idSalesHeader),
        inArray(returns.status, [...RETURN_LIVE_STATUSES]),
        except === undefined ? undefined : sql`${returns.id} <> ${except}`,
      ),
    )
    .groupBy(returnLines.idSalesLine)
  return new Map(rows.map((row) => [row.line, row.units]))
}

/** Units of each order line already refunded (accepted by received REFUND returns), but `except`. */
async function unitsRefunded(
  tx: Tx,
  idSalesHeader: string,
  except: number,
): Promise<{ units: Map<number, number>; deliveryRefunded: boolean }> {
  const rows = await tx
    .select({ line: returnLines.idSalesLine, units: sql<number>`sum(${returnLines.acceptedQty})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.idReturn))
    .where(
      and(
        eq(returns.idSalesHeader, idSalesHeader),
        eq(returns.resolution, 'REFUND'),
        isNotNull(returns.receivedAt),
        sql`${returns.id} <> ${except}`,
      ),
    )
    .groupBy(returnLines.idSalesLine)
  const [fee] = await tx
    .select({ n: count() })
    .from(returns)
    .where(
      and(
        eq(returns.idSalesHeader, idSalesHeader),
        sql`${returns.deliveryFeeRefund} > 0`,
        sql`${returns.id} <> ${except}`,
      ),
    )
  return {
    units: new Map(rows.map((row) => [row.line, row.units ?? 0])),
    deliveryRefunded: (fee?.n ?? 0) > 0,
  }
}

/** Whether a return may be asked now for `order`, or the catalogue code and words of why not. */
function windowProblem(
  order: OrderForReturn,
  settings: ReturnSettings,
  now: number,
): { code: 'RET002' | 'RET003'; until: Date | null } | null {
  if (order.status !== 'Success' || !order.deliveredAt) return { code: 'RET002', until: null }
  const until = returnDeadline(order.deliveredAt, settings.window_days)
  return now > until.getTime() ? { code: 'RET003', until } : null
}

/** GET …/returns/options/{id}: what of the caller's order can be returned, until when, and its returns. */
export async function returnOptions(
  db: Db,
  idPelanggan: number,
  idSalesHeader: string,
  language: MessageLanguage,
  now = Date.now(),
): Promise<ReturnOptions> {
  const order = await orderForReturn(db, idSalesHeader, { idPelanggan })
  if (!order) throw new AppError('RET001')
  const settings = await returnSettingsOf(db)
  const problem = windowProblem(order, settings, now)
  const asked = await unitsAsked(db, order.idSalesHeader)
  const catalog = await productsForReturn(
    db,
    order.lines.map((line) => line.productCode),
  )
  const lines = order.lines.map((line) => {
    const product = catalog.get(line.productCode)
    const finalSale = product?.finalSale ?? false
    const left = finalSale ? 0 : Math.max(0, line.quantity - (asked.get(line.id) ?? 0))
    return {
      sku_product: line.skuProduct,
      product_code: line.productCode,
      product_master_name: line.productMasterName,
      ukuran: line.ukuran,
      url_image: line.urlImage,
      quantity: line.quantity,
      harga_jual: line.hargaJual,
      returnable_qty: problem ? 0 : left,
      final_sale: finalSale,
      is_bundling: line.isBundling,
      // A bundle goes back whole, for a refund: it has no other size to swap to.
      exchange_sizes: (line.isBundling ? [] : (product?.sizes ?? []))
        .filter((size) => size.buyable && size.sku !== line.skuProduct)
        .map((size) => ({ sku_product: size.sku, ukuran: size.ukuran })),
    }
  })
  const returnable = !problem && lines.some((line) => line.returnable_qty > 0)
  const until = order.deliveredAt ? returnDeadline(order.deliveredAt, settings.window_days) : null
  const reason = problem
    ? problem.code === 'RET002'
      ? pick(RETURN_MESSAGES.notDelivered, language)
      : pick(RETURN_MESSAGES.windowOver(shopIsoString(problem.until)!.slice(0, 10)), language)
    : returnable
      ? null
      : pick(RETURN_MESSAGES.nothingLeft, language)
  const list = await listReturnRows(db, { idPelanggan, idSalesHeader: order.idSalesHeader }, 1, 100)
  return {
    id_sales_header: order.idSalesHeader,
    sales_order_number: order.salesOrderNumber,
    returnable,
    not_returnable_reason: reason,
    returnable_until: until ? shopIsoString(until) : null,
    window_days: settings.window_days,
    refund_method: refundMethodFor(order.paymentCategory),
    payment_name: order.paymentName,
    lines,
    returns: list.rows.map((row) => listItemOf(row, language)),
  }
}

export interface CreateReturnInput {
  idPelanggan: number
  body: CreateReturnBody
  photos: readonly StoredPhoto[]
  language: MessageLanguage
  now?: number
}

/**
 * POST /api/v1/member/returns: checks everything against the order locked FOR UPDATE (so two
 * requests of one order never return more units than bought), then writes the return, its lines,
 * photos and first event in one transaction. Photos go to the bucket first with STORAGE=s3.
 */
export async function createReturn(
  db: Db,
  storage: UploadStorage,
  input: CreateReturnInput,
): Promise<{ return_number: string; status: ReturnStatus }> {
  const now = input.now ?? Date.now()
  const files = input.photos.map((photo) => ({
    name: returnPhotoObject(photo.key),
    contentType: photo.contentType,
    bytes: photo.bytes,
  }))
  return storePictures(storage, files, (where) =>
    db.transaction(async (tx) => {
      const { body } = input
      const order = await orderForReturn(tx, body.id_sales_header.toLowerCase(), {
        idPelanggan: input.idPelanggan,
        lock: true,
      })
      if (!order) throw new AppError('RET001')
      const settings = await returnSettingsOf(tx)
      const problem = windowProblem(order, settings, now)
      if (problem) throw new AppError(problem.code)
      const catalog = await productsForReturn(
        tx,
        order.lines.map((line) => line.productCode),
      )
      const asked = await unitsAsked(tx, order.idSalesHeader)
      const rows = body.lines.map((wanted, index) => {
        const line = order.lines.find((l) => l.skuProduct === wanted.sku_product)
        if (!line) {
          throw new AppError('RET005', undefined, [
            { field: `lines.${index}.sku_product`, message: 'is not in this order' },
          ])
        }
        const product = catalog.get(line.productCode)
        if (product?.finalSale) {
          throw new AppError('RET004', undefined, [
            { field: `lines.${index}.sku_product`, message: `${line.productMasterName} is final sale` },
          ])
        }
        const left = line.quantity - (asked.get(line.id) ?? 0)
        if (wanted.qty > left) {
          throw new AppError('RET005', undefined, [
            { field: `lines.${index}.qty`, message: `at most ${Math.max(0, left)} can still be returned` },
          ])
        }
        let exchangeUkuran: string | null = null
        if (wanted.exchange_sku && line.isBundling) {
          throw new AppError('RET008', undefined, [
            {
              field: `lines.${index}.exchange_sku`,
              message: 'a bundle goes back for a refund, not another size',
            },
          ])
        }
        if (wanted.exchange_sku) {
          const size = product?.sizes.find((s) => s.sku === wanted.exchange_sku)
          if (!size || !size.buyable || size.stock < wanted.qty) {
            throw new AppError('RET008', undefined, [
              {
                field: `lines.${index}.exchange_sku`,
                message: 'is not a size of this product that can be bought now',
              },
            ])
          }
          exchangeUkuran = size.ukuran
        }
        return { line, wanted, exchangeUkuran, position: index }
      })
      if (rows.some((row) => needsPhotos(row.wanted.reason)) && input.photos.length === 0) {
        throw new AppError('RET006')
      }
      const needsAccount = needsRefundAccount(body.resolution, order.paymentCategory)
      if (needsAccount && !body.refund_account) throw new AppError('RET007')
      const returnNumber = newReturnNumber(now)
      const [created] = await tx
        .insert(returns)
        .values({
          returnNumber,
          idSalesHeader: order.idSalesHeader,
          idPelanggan: input.idPelanggan,
          salesOrderNumber: order.salesOrderNumber,
          buyerName: order.buyerName,
          isGuest: order.isGuest,
          resolution: body.resolution,
          note: body.note || null,
          language: input.language,
          refundAccount: needsAccount ? body.refund_account : null,
          refundMethod: body.resolution === 'REFUND' ? refundMethodFor(order.paymentCategory) : null,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: returns.id })
      await tx.insert(returnLines).values(
        rows.map(({ line, wanted, exchangeUkuran, position }) => ({
          idReturn: created!.id,
          idSalesLine: line.id,
          position,
          skuProduct: line.skuProduct,
          productCode: line.productCode,
          productMasterName: line.productMasterName,
          ukuran: line.ukuran,
          urlImage: line.urlImage,
          qty: wanted.qty,
          reason: wanted.reason,
          exchangeSku: wanted.exchange_sku ?? null,
          exchangeUkuran,
        })),
      )
      if (input.photos.length > 0) {
        await tx.insert(returnPhotos).values(
          input.photos.map((photo, index) => ({
            key: photo.key,
            idReturn: created!.id,
            position: index + 1,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            storage: where,
            bytes: where === 'database' ? photo.bytes : null,
          })),
        )
      }
      await recordReturnEvent(tx, created!.id, null, 'REQUESTED', 'customer', body.note || null, now)
      return { return_number: returnNumber, status: 'REQUESTED' as const }
    }),
  )
}

/** One event of a return. */
export async function recordReturnEvent(
  tx: Tx,
  idReturn: number,
  from: ReturnStatus | null,
  to: ReturnStatus,
  actor: string,
  note: string | null,
  now = Date.now(),
) {
  await tx.insert(returnEvents).values({
    idReturn,
    fromStatus: from,
    toStatus: to,
    actor: actor.slice(0, 300),
    note,
    at: new Date(now),
  })
}

type ReturnRow = typeof returns.$inferSelect

/** The return of a number, locked FOR UPDATE inside `tx`; only the caller's when `idPelanggan` is given. */
export async function lockReturn(
  tx: Transaction,
  returnNumber: string,
  idPelanggan?: number,
): Promise<ReturnRow> {
  const [row] = await tx
    .select()
    .from(returns)
    .where(
      and(
        eq(returns.returnNumber, returnNumber),
        idPelanggan === undefined ? undefined : eq(returns.idPelanggan, idPelanggan),
      ),
    )
    .for('update')
  if (!row) throw new AppError('RET001')
  return row
}

/** Moves a locked return from → to with one guarded update and its event. */
export async function moveReturn(
  tx: Transaction,
  row: ReturnRow,
  to: ReturnStatus,
  actor: string,
  note: string | null,
  set: Partial<typeof returns.$inferInsert> = {},
  now = Date.now(),
): Promise<void> {
  const [moved] = await tx
    .update(returns)
    .set({ ...set, status: to, updatedAt: new Date(now) })
    .where(and(eq(returns.id, row.id), eq(returns.status, row.status)))
    .returning({ id: returns.id })
  if (!moved) throw new AppError('RET009')
  await recordReturnEvent(tx, row.id, row.status as ReturnStatus, to, actor, note, now)
}

/** The buyer cancels a return still REQUESTED (a second press answers it cancelled). */
export async function cancelReturn(db: Db, idPelanggan: number, returnNumber: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnNumber, idPelanggan)
    if (row.status === 'CANCELLED') return
    if (row.status !== 'REQUESTED') throw new AppError('RET009')
    await moveReturn(tx, row, 'CANCELLED', 'customer', null)
  })
}

/** The buyer enters the parcel sent back (while APPROVED; entering it again corrects it). */
export async function saveBuyerWaybill(
  db: Db,
  idPelanggan: number,
  returnNumber: string,
  parcel: { courier: string; no_resi: string },
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnNumber, idPelanggan)
    if (row.status !== 'APPROVED') throw new AppError('RET009')
    await tx
      .update(returns)
      .set({
        buyerCourier: parcel.courier,
        buyerNoResi: parcel.no_resi.toUpperCase(),
        buyerSentAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(returns.id, row.id))
  })
}

// ---------------------------------------------------------------- reading

interface ListRow {
  row: ReturnRow
  /** A REFUND not yet received: what its asked units would refund now. */
  estimate: number | null
  units: number
  reasons: string[]
  photos: number
}

async function listReturnRows(
  db: Db,
  filter: {
    idPelanggan?: number
    idSalesHeader?: string
    status?: ReturnStatus
    resolution?: ReturnResolution
    q?: string
  },
  page: number,
  perPage: number,
  oldestFirst = false,
): Promise<{ rows: ListRow[]; total: number }> {
  const where: SQL[] = []
  if (filter.idPelanggan !== undefined) where.push(sql`r.id_pelanggan = ${filter.idPelanggan}`)
  if (filter.idSalesHeader) where.push(sql`r.id_sales_header = ${filter.idSalesHeader}`)
  if (filter.status) where.push(sql`r.status = ${filter.status}`)
  if (filter.resolution) where.push(sql`r.resolution = ${filter.resolution}`)
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(
      sql`(r.return_number ilike ${like} or r.sales_order_number ilike ${like} or r.buyer_name ilike ${like})`,
    )
  }
  const condition = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``
  const result = await db.execute(sql`
    select r.id,
      (select coalesce(sum(l.qty), 0)::int from return_lines l where l.id_return = r.id) as units,
      (select coalesce(array_agg(l.reason order by l.qty desc, l.position), '{}') from return_lines l where l.id_return = r.id) as reasons,
      (select count(*)::int from return_photos p where p.id_return = r.id) as photos,
      count(*) over ()::int as total
    from returns r
    ${condition}
    order by r.created_at ${oldestFirst ? sql`asc` : sql`desc`}, r.id ${oldestFirst ? sql`asc` : sql`desc`}
    limit ${perPage} offset ${(page - 1) * perPage}`)
  const found = (
    result as unknown as {
      rows: { id: number; units: number; reasons: string[]; photos: number; total: number }[]
    }
  ).rows
  if (found.length === 0) return { rows: [], total: 0 }
  const full = await db
    .select()
    .from(returns)
    .where(
      inArray(
        returns.id,
        found.map((f) => f.id),
      ),
    )
  const byId = new Map(full.map((row) => [row.id, row]))
  // Before receipt a refund shows its estimate, as the return's page does.
  const open = full.filter((row) => row.resolution === 'REFUND' && row.receivedAt === null)
  const estimates = new Map<number, number>()
  if (open.length > 0) {
    const lines = await db
      .select()
      .from(returnLines)
      .where(
        inArray(
          returnLines.idReturn,
          open.map((row) => row.id),
        ),
      )
    for (const row of open) {
      const own = lines.filter((line) => line.idReturn === row.id)
      estimates.set(row.id, (await refundEstimate(db, row, own)).total)
    }
  }
  return {
    total: found[0]!.total,
    rows: found.map((f) => ({
      row: byId.get(f.id)!,
      estimate: estimates.get(f.id) ?? null,
      units: f.units,
      reasons: [...new Set(f.reasons)],
      photos: f.photos,
    })),
  }
}

const listItemOf = ({ row, units, estimate }: ListRow, language: MessageLanguage): ReturnListItem => ({
  return_number: row.returnNumber,
  id_sales_header: row.idSalesHeader,
  sales_order_number: row.salesOrderNumber,
  status: row.status as ReturnStatus,
  status_message: RETURN_STATUS_LABELS[row.status as ReturnStatus][language],
  resolution: row.resolution as ReturnResolution,
  units,
  refund_amount: row.resolution === 'REFUND' ? (row.refundAmount ?? estimate) : null,
  created_at: shopIsoString(row.createdAt)!,
})

/** GET /api/v1/member/returns: the caller's returns, newest first. */
export async function listMemberReturns(
  db: Db,
  idPelanggan: number,
  query: ReturnListQuery,
  language: MessageLanguage,
): Promise<{ items: ReturnListItem[]; totalPages: number }> {
  const { rows, total } = await listReturnRows(
    db,
    { idPelanggan, idSalesHeader: query.id_sales_header?.toLowerCase() },
    query.page,
    query.per_page,
  )
  return {
    items: rows.map((row) => listItemOf(row, language)),
    totalPages: Math.ceil(total / query.per_page),
  }
}

/** GET /api/admin/v1/returns: the queue; one state oldest first (the longest waiting on top), all states newest first. */
export async function listStaffReturns(
  db: Db,
  query: StaffReturnListQuery,
): Promise<{ items: StaffReturnListItem[]; totalPages: number }> {
  const { rows, total } = await listReturnRows(
    db,
    { status: query.status, resolution: query.resolution, q: query.q },
    query.page,
    query.per_page,
    query.status !== undefined,
  )
  return {
    totalPages: Math.ceil(total / query.per_page),
    items: rows.map((item) => ({
      ...listItemOf(item, 'en'),
      buyer_name: item.row.buyerName,
      is_guest: item.row.isGuest,
      reasons: item.reasons as ReturnReason[],
      has_photos: item.photos > 0,
      parcel_sent: item.row.buyerNoResi !== null,
      updated_at: shopIsoString(item.row.updatedAt)!,
    })),
  }
}

/** The estimate of a REFUND return before receipt: its requested units. */
async function refundEstimate(db: Tx, row: ReturnRow, lines: (typeof returnLines.$inferSelect)[]) {
  const order = await orderForReturn(db, row.idSalesHeader)
  if (!order) return { perLine: new Map<number, number>(), deliveryFee: 0, total: 0 }
  const before = await unitsRefunded(db, row.idSalesHeader, row.id)
  return refundOf(
    order,
    lines.map((line) => ({
      idSalesLine: line.idSalesLine,
      units: line.qty,
      reason: line.reason as ReturnReason,
    })),
    before.units,
    before.deliveryRefunded,
  )
}

const maskAccount = (number: string) => `${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`

/** A return as its buyer sees it. */
export async function returnView(db: Db, row: ReturnRow, language: MessageLanguage): Promise<Return> {
  const [lines, photos, events, orderRow, settings] = await Promise.all([
    db.select().from(returnLines).where(eq(returnLines.idReturn, row.id)).orderBy(asc(returnLines.position)),
    db
      .select({ key: returnPhotos.key })
      .from(returnPhotos)
      .where(eq(returnPhotos.idReturn, row.id))
      .orderBy(asc(returnPhotos.position)),
    db
      .select()
      .from(returnEvents)
      .where(eq(returnEvents.idReturn, row.id))
      .orderBy(asc(returnEvents.at), asc(returnEvents.id)),
    orderForReturn(db, row.idSalesHeader),
    returnSettingsOf(db),
  ])
  const received = row.receivedAt !== null
  const estimate = row.resolution === 'REFUND' && !received ? await refundEstimate(db, row, lines) : null
  const status = row.status as ReturnStatus
  const shown = ['APPROVED', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED'].includes(status)
  const account = row.refundAccount
  return {
    return_number: row.returnNumber,
    id_sales_header: row.idSalesHeader,
    sales_order_number: row.salesOrderNumber,
    status,
    status_message: RETURN_STATUS_LABELS[status][language],
    resolution: row.resolution as ReturnResolution,
    lines: lines.map((line) => ({
      sku_product: line.skuProduct,
      product_code: line.productCode,
      product_master_name: line.productMasterName,
      ukuran: line.ukuran,
      url_image: line.urlImage,
      qty: line.qty,
      reason: line.reason as ReturnReason,
      exchange_sku: line.exchangeSku,
      exchange_ukuran: line.exchangeUkuran,
      accepted_qty: line.acceptedQty,
      not_accepted_reason: line.notAcceptedReason,
      refund_amount: estimate ? (estimate.perLine.get(line.idSalesLine) ?? 0) : line.refundAmount,
    })),
    photos: photos.map((photo) => returnPhotoUrl(photo.key)),
    note: row.note,
    reject_reason: row.rejectReason,
    refund:
      row.resolution === 'REFUND'
        ? {
            method: (row.refundMethod ?? 'BANK_TRANSFER') as 'PROVIDER' | 'BANK_TRANSFER',
            payment_name: orderRow?.paymentName ?? '',
            amount: estimate ? estimate.total : (row.refundAmount ?? 0),
            delivery_fee: estimate ? estimate.deliveryFee : row.deliveryFeeRefund,
            state: estimate ? 'estimate' : ((row.refundState ?? 'done') as 'pending' | 'failed' | 'done'),
            reference: row.refundReference,
            refunded_at: shopIsoString(row.refundedAt),
            account: account
              ? { bank: account.bank, number: maskAccount(account.number), holder: account.holder }
              : null,
          }
        : null,
    ship_to: shown
      ? {
          name: settings.ship_to_name,
          phone: settings.ship_to_phone,
          address: settings.ship_to_address,
          instructions: settings.instructions,
        }
      : null,
    buyer_parcel:
      row.buyerNoResi && row.buyerCourier
        ? {
            courier: row.buyerCourier,
            no_resi: row.buyerNoResi,
            at: shopIsoString(row.buyerSentAt ?? row.updatedAt)!,
          }
        : null,
    exchange_parcel:
      row.exchangeNoResi && row.exchangeCourier
        ? {
            courier: row.exchangeCourier,
            no_resi: row.exchangeNoResi,
            at: shopIsoString(row.updatedAt)!,
            // The return's page follows the parcel (GET …/returns/{n}/tracking).
            tracking_link: `/member/returns/${encodeURIComponent(row.returnNumber)}`,
          }
        : null,
    created_at: shopIsoString(row.createdAt)!,
    events: events.map((event) => ({
      at: shopIsoString(event.at)!,
      from: (event.fromStatus as ReturnStatus | null) ?? null,
      to: event.toStatus as ReturnStatus,
      actor: event.actor.startsWith('staff:') ? 'staff' : event.actor,
      note: event.note,
    })),
    can_cancel: status === 'REQUESTED',
    can_send_waybill: status === 'APPROVED',
  }
}

/** GET /api/v1/member/returns/{n}: the caller's return, or 404 RET001 (another's too). */
export async function memberReturn(
  db: Db,
  idPelanggan: number,
  returnNumber: string,
  language: MessageLanguage,
): Promise<Return> {
  const [row] = await db
    .select()
    .from(returns)
    .where(and(eq(returns.returnNumber, returnNumber), eq(returns.idPelanggan, idPelanggan)))
  if (!row) throw new AppError('RET001')
  return returnView(db, row, language)
}

/** A return as staff see it: the buyer, the order, the account unmasked for the owner, and the holds. */
export async function staffReturn(
  db: Db,
  returnNumber: string,
  options: { showAccount: boolean },
): Promise<StaffReturn> {
  const [row] = await db.select().from(returns).where(eq(returns.returnNumber, returnNumber))
  if (!row) throw new AppError('RET001')
  const [view, order, lines] = await Promise.all([
    returnView(db, row, 'en'),
    orderForReturn(db, row.idSalesHeader),
    db.select().from(returnLines).where(eq(returnLines.idReturn, row.id)).orderBy(asc(returnLines.position)),
  ])
  const holds = await heldUnits(db, row, lines)
  const events = await db
    .select()
    .from(returnEvents)
    .where(eq(returnEvents.idReturn, row.id))
    .orderBy(asc(returnEvents.at), asc(returnEvents.id))
  return {
    ...view,
    events: events.map((event) => ({
      at: shopIsoString(event.at)!,
      from: (event.fromStatus as ReturnStatus | null) ?? null,
      to: event.toStatus as ReturnStatus,
      actor: event.actor,
      note: event.note,
    })),
    buyer: {
      name: order?.buyerName ?? '',
      phone: order?.buyerPhone ?? '',
      email: order?.isGuest ? null : (order?.buyerEmail ?? null),
      is_guest: order?.isGuest ?? false,
    },
    order: {
      status: order?.status ?? '',
      order_date: shopIsoString(order?.orderDate ?? null) ?? '',
      delivered_at: shopIsoString(order?.deliveredAt ?? null),
      total_bayar: order?.totalBayar ?? 0,
      biaya_kirim: order?.biayaKirim ?? 0,
      promo_value: order?.promoValue ?? 0,
      kode_promo: order?.kodePromo ?? null,
      payment_name: order?.paymentName ?? '',
      payment_category: order?.paymentCategory ?? '',
    },
    refund_account: options.showAccount ? (row.refundAccount ?? null) : null,
    lines: view.lines.map((line, index) => ({
      ...line,
      id_warehouse: lines[index]?.idWarehouse ?? null,
      held_qty: holds.get(lines[index]?.id ?? -1) ?? 0,
    })),
  }
}

/** Units of each exchange line's new size held now (by return line id), as inventory holds them. */
async function heldUnits(db: Db, row: ReturnRow, lines: { id: number }[]): Promise<Map<number, number>> {
  const held = await heldUnitsOf(
    db,
    lines.map((line) => holdKeyOf(row.returnNumber, line.id)),
  )
  return new Map(lines.map((line) => [line.id, held.get(holdKeyOf(row.returnNumber, line.id)) ?? 0]))
}

// ---------------------------------------------------------------- receipt's arithmetic

/** Checks a receipt against the return's lines: every line once, accepted ≤ qty, a reason for what is refused. */
export function checkReceipt(
  lines: (typeof returnLines.$inferSelect)[],
  body: StaffReturnReceiveBody,
): Map<number, { accepted: number; idWarehouse: number; reason: string | null }> {
  const bySku = new Map(lines.map((line) => [line.skuProduct, line]))
  const counted = new Map<number, { accepted: number; idWarehouse: number; reason: string | null }>()
  const problems: { field: string; message: string }[] = []
  body.lines.forEach((entry, index) => {
    const line = bySku.get(entry.sku_product)
    if (!line) problems.push({ field: `lines.${index}.sku_product`, message: 'is not a line of this return' })
    else if (counted.has(line.id))
      problems.push({ field: `lines.${index}.sku_product`, message: 'is given twice' })
    else if (entry.accepted_qty > line.qty)
      problems.push({ field: `lines.${index}.accepted_qty`, message: `must be at most ${line.qty}` })
    else if (entry.accepted_qty < line.qty && !entry.not_accepted_reason)
      problems.push({
        field: `lines.${index}.not_accepted_reason`,
        message: 'is required when not every unit is accepted',
      })
    else
      counted.set(line.id, {
        accepted: entry.accepted_qty,
        idWarehouse: entry.id_warehouse ?? CHECKOUT_WAREHOUSE_ID,
        reason: entry.accepted_qty < line.qty ? (entry.not_accepted_reason ?? null) : null,
      })
  })
  for (const line of lines) {
    if (!counted.has(line.id) && !problems.length)
      problems.push({
        field: 'lines',
        message: `${line.skuProduct} is missing: give every line of the return`,
      })
  }
  if (problems.length > 0) throw new AppError('RET010', undefined, problems)
  return counted
}

/** Whether a reason's units go to the not-for-sale count. */
export const notForSale = (reason: string) => NOT_FOR_SALE_REASONS.includes(reason as ReturnReason)

export { refundOf, unitsRefunded }

/**
 * GET …/returns/{n}/tracking: the exchange's parcel followed with the courier, for its buyer; 404
 * TRK002 before it ships (or for a refund).
 */
export async function trackExchange(
  ctx: TrackingContext,
  idPelanggan: number,
  returnNumber: string,
  language: MessageLanguage,
  now = Date.now(),
) {
  const [row] = await ctx.db
    .select()
    .from(returns)
    .where(and(eq(returns.returnNumber, returnNumber), eq(returns.idPelanggan, idPelanggan)))
  if (!row) throw new AppError('RET001')
  if (!row.exchangeNoResi || !row.exchangeCourier) throw new AppError('TRK002')
  const [shipped] = await ctx.db
    .select({ at: returnEvents.at })
    .from(returnEvents)
    .where(and(eq(returnEvents.idReturn, row.id), eq(returnEvents.toStatus, 'EXCHANGE_SHIPPED')))
  const parcel = await trackOrderParcel(
    ctx,
    row.idSalesHeader,
    { waybill: row.exchangeNoResi, courier: row.exchangeCourier, shippedAt: shipped?.at ?? row.updatedAt },
    language,
    now,
  )
  return {
    entries: parcel.entries,
    tracking: { no_resi: row.exchangeNoResi, courier: parcel.courier, delivered: parcel.delivered },
  }
}
