import type { Readable } from 'node:stream'
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { normalisePhone, shopClock } from '@busana/contract'
import {
  AppError,
  ORDER_EXPORT_COLUMNS,
  shopIsoString,
  type AdminOrderDetail,
  type AdminOrderExportQuery,
  type AdminOrderListItem,
  type AdminOrdersQuery,
  type BulkShipBody,
  type OrderStatus,
  type PackingSlip,
  type StaffOrder,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { csvStream } from '../../csv-stream.ts'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import { shipOrder, type FulfilmentOptions } from './fulfilment.ts'
import { brandNameOf } from '../catalog/index.ts'
import { orderEventsOf, type OrderActor } from '../order-lifecycle/index.ts'
import { listOrderUpdates } from '../order-updates/index.ts'

/**
 * The back office's orders screen (issue 14): the list with its filters and search, one order in
 * full, bulk ship (each order by the fulfilment's own shipOrder, in its own transaction) and the
 * packing slips' data. Ship, deliver and cancel are fulfilment.ts's, called from admin.routes.ts.
 */

/** The start of a shop date (UTC+7). */
const startOfShopDay = (date: string) => new Date(`${date}T00:00:00+07:00`)
const DAY_MS = 86_400_000
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The search: part of an order number or e-mail, or a phone number (08…, 62…, +62… alike). */
function searchFilter(q: string): SQL | undefined {
  const like = `%${escapeLike(q)}%`
  const options: (SQL | undefined)[] = [
    ilike(salesHeaders.salesOrderNumber, like),
    ilike(salesHeaders.buyerEmail, like),
  ]
  const digits = q.replace(/[\s().+-]/g, '')
  if (/^\d{4,20}$/.test(digits)) {
    // As typed, and in the stored form (the contract's one phone rule: 62812… and 812… are 0812…).
    for (const phone of new Set([digits, normalisePhone(digits)])) {
      options.push(ilike(salesHeaders.buyerPhone, `%${phone}%`), ilike(salesHeaders.hpPenerima, `%${phone}%`))
    }
  }
  return or(...options)
}

const unitsOf = sql<number>`(select coalesce(sum(${salesLines.quantity}), 0)::int from ${salesLines} where ${salesLines.idSalesHeader} = ${salesHeaders.idSalesHeader})`

/** How far ahead expiring=hour looks (issue 30). */
const EXPIRING_WINDOW_MS = 60 * 60 * 1000

/** The filters the list and the CSV export share (issue 30 added refund and expiring). */
type OrderFilterQuery = Omit<AdminOrdersQuery, 'page' | 'per_page' | 'sort' | 'from' | 'to'> & {
  from?: string | undefined
  to?: string | undefined
}

function orderFilters(query: OrderFilterQuery, now: number): SQL | undefined {
  const filters: (SQL | undefined)[] = []
  if (query.status) filters.push(eq(salesHeaders.status, query.status))
  if (query.id_brand !== undefined) filters.push(eq(salesHeaders.idBrand, query.id_brand))
  if (query.from) filters.push(gte(salesHeaders.orderDate, startOfShopDay(query.from)))
  if (query.to)
    filters.push(lt(salesHeaders.orderDate, new Date(startOfShopDay(query.to).getTime() + DAY_MS)))
  if (query.payment) filters.push(eq(salesHeaders.paymentCode, query.payment))
  if (query.q) filters.push(searchFilter(query.q))
  // refund_state is written 'due' by a paid order's cancel and by money that arrives after a cancel
  // (order-lifecycle's cancelOrder and recordRefundDue), so one column answers both.
  if (query.refund) filters.push(eq(salesHeaders.refundState, query.refund))
  if (query.expiring === 'hour') {
    // Open, deadline not yet passed and at most 60 minutes away (sales_headers_open_expiry_idx).
    filters.push(
      eq(salesHeaders.status, 'Open'),
      gt(salesHeaders.expiredTime, new Date(now)),
      lte(salesHeaders.expiredTime, new Date(now + EXPIRING_WINDOW_MS)),
    )
  }
  return and(...filters)
}

/**
 * The list's order (issue 30): newest by order date (as before), or oldest first; oldest among Paid
 * orders means the payment that has waited longest (paid_at, then order date), the warehouse's queue.
 */
function listOrder(query: Pick<AdminOrdersQuery, 'sort' | 'status'>): SQL[] {
  if (query.sort === 'oldest') {
    return [
      ...(query.status === 'Paid' ? [sql`${salesHeaders.paidAt} asc nulls last`] : []),
      asc(salesHeaders.orderDate),
      asc(salesHeaders.salesOrderNumber),
    ]
  }
  return [desc(salesHeaders.orderDate), desc(salesHeaders.salesOrderNumber)]
}

/** One page of orders, newest first unless `sort` says oldest. */
export async function listOrders(
  db: Db,
  query: AdminOrdersQuery,
  now = Date.now(),
): Promise<{ orders: AdminOrderListItem[]; totalPages: number }> {
  const where = orderFilters(query, now)
  const [total] = await db.select({ n: count() }).from(salesHeaders).where(where)
  const rows = await db
    .select({ h: salesHeaders, units: unitsOf })
    .from(salesHeaders)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    totalPages: Math.ceil((total?.n ?? 0) / query.per_page),
    orders: rows.map(({ h, units }) => ({
      id_sales_header: h.idSalesHeader,
      sales_order_number: h.salesOrderNumber,
      order_date: shopIsoString(h.orderDate)!,
      status: h.status as OrderStatus,
      id_brand: h.idBrand,
      id_warehouse: h.idWarehouse,
      buyer_name: h.buyerName,
      buyer_email: h.buyerEmail,
      buyer_phone: h.buyerPhone,
      total_bayar: h.totalBayar,
      payment_code: h.paymentCode,
      payment_name: h.paymentName,
      paket: h.paket,
      no_resi: h.noResi,
      units: Number(units),
      paid_at: shopIsoString(h.paidAt),
      expired_time: shopIsoString(h.expiredTime)!,
      refund_state: h.refundState as AdminOrderListItem['refund_state'],
    })),
  }
}

// ---------------------------------------------------------------- the CSV export (issue 30)

/** Orders read per query while the CSV streams: a year is never held in memory at once. */
const EXPORT_BATCH = 500
const two = (n: number) => String(n).padStart(2, '0')
/** 'YYYY-MM-DD HH:mm' on the shop's clock (WIB): a spreadsheet reads it as a date and time. */
export function shopDateTime(at: Date | null): string {
  if (!at) return ''
  const wall = shopClock(at)
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
  )
}

type ExportCell = string | number | null
type ExportRow = Record<(typeof ORDER_EXPORT_COLUMNS)[number], ExportCell>

/**
 * One batch of the export: up to EXPORT_BATCH orders after the cursor, oldest first, with their
 * brand's name and order_date as the database's own text (a keyset cursor on (order_date,
 * id_sales_header) whose microseconds survive; a JavaScript Date would cut them to ms).
 */
function exportBatch(db: Db, where: SQL | undefined, after: { at: string; id: string } | null) {
  const cursor = after
    ? sql`(${salesHeaders.orderDate}, ${salesHeaders.idSalesHeader}) > (${after.at}::timestamptz, ${after.id})`
    : undefined
  return db
    .select({
      h: salesHeaders,
      brandName: brandNameOf(salesHeaders.idBrand),
      at: sql<string>`${salesHeaders.orderDate}::text`,
    })
    .from(salesHeaders)
    .where(and(where, cursor))
    .orderBy(asc(salesHeaders.orderDate), asc(salesHeaders.idSalesHeader))
    .limit(EXPORT_BATCH)
}

/** The export's rows, order by order (order date, then id, oldest first), EXPORT_BATCH orders a query. */
async function* exportRows(db: Db, query: AdminOrderExportQuery, now: number): AsyncGenerator<ExportRow> {
  const where = orderFilters(query, now)
  let after: { at: string; id: string } | null = null
  for (;;) {
    const batch = await exportBatch(db, where, after)
    if (batch.length === 0) return
    const lines = await db
      .select()
      .from(salesLines)
      .where(
        inArray(
          salesLines.idSalesHeader,
          batch.map(({ h }) => h.idSalesHeader),
        ),
      )
      .orderBy(asc(salesLines.position), asc(salesLines.id))
    for (const { h, brandName } of batch) {
      const own = lines.filter((line) => line.idSalesHeader === h.idSalesHeader)
      const order = {
        order_number: h.salesOrderNumber,
        order_date_wib: shopDateTime(h.orderDate),
        paid_date_wib: shopDateTime(h.paidAt),
        status: h.status,
        buyer_name: h.buyerName,
        phone: h.buyerPhone,
        email: h.buyerEmail,
        brand: brandName ?? (h.idBrand === null ? '' : String(h.idBrand)),
      }
      const amounts = {
        subtotal: h.subtotal,
        shipping_fare: h.biayaKirim,
        packing_fee: h.packingFee,
        payment_fee: h.paymentFee,
        voucher_code: h.kodePromo,
        discount: h.promoValue,
        total: h.totalBayar,
      }
      const tail = {
        payment_method: h.paymentName,
        courier: h.paket,
        waybill: h.noResi,
        refund_amount: h.refundAmount,
        refund_state: h.refundState,
      }
      const noAmounts = Object.fromEntries(Object.keys(amounts).map((key) => [key, null])) as Record<
        keyof typeof amounts,
        null
      >
      if (own.length === 0) {
        yield {
          ...order,
          line: null,
          sku: null,
          product_name: null,
          size: null,
          qty: null,
          unit_price: null,
          line_total: null,
          ...amounts,
          ...tail,
        }
      }
      for (const [index, line] of own.entries()) {
        yield {
          ...order,
          line: index + 1,
          sku: line.skuProduct,
          product_name: line.productMasterName,
          size: line.ukuran,
          qty: line.quantity,
          unit_price: line.hargaJual,
          line_total: line.hargaJual * line.quantity,
          // The order's amounts once, on its first line: a column's sum is the period's sum.
          ...(index === 0 ? amounts : noAmounts),
          ...tail,
        }
      }
    }
    const last = batch.at(-1)!
    after = { at: last.at, id: last.h.idSalesHeader }
    if (batch.length < EXPORT_BATCH) return
  }
}

/**
 * A text cell made safe for a spreadsheet that splits lines at `;` as well as `,` (issue 38: Excel
 * with Indonesian regional settings uses `;` and then ignores the file's quotes, so `Sari;=1+1`
 * becomes a cell `=1+1`). After each `,`, `;` or line break, and the spaces or quotes after it, a
 * formula's first character (=, +, -, @, tab, CR) gets a `'` before it. The cell's own first
 * character is csv-stringify's escape_formulas'.
 */
const escapeSplitFormulas = (value: string) => value.replace(/([,;\r\n][ "]*)(?=[=+\-@\t\r])/g, "$1'")

/**
 * The CSV of a period's orders for accounting (issue 30), streamed to `out`: a UTF-8 BOM (so a
 * spreadsheet reads the names' accents), a header row of ORDER_EXPORT_COLUMNS, one row per order
 * line; quoted by csv-stringify (RFC 4180: a cell with a comma, quote or line break in quotes, its
 * quotes doubled) with escape_formulas (OWASP CSV injection: a text cell starting with =, +, -, @,
 * tab or CR gets a leading '; numbers, such as a negative amount, are left as numbers), and the
 * same after a `,` or `;` inside a cell (`escapeSplitFormulas`). Rejects when the first read fails.
 */
export async function exportOrdersCsv(
  db: Db,
  query: AdminOrderExportQuery,
  now = Date.now(),
): Promise<Readable> {
  return csvStream(exportRows(db, query, now), {
    header: true,
    columns: [...ORDER_EXPORT_COLUMNS],
    bom: true,
    escape_formulas: true,
    cast: { string: escapeSplitFormulas },
  })
}

async function headerByNumber(db: Db, number: string) {
  const [h] = await db
    .select()
    .from(salesHeaders)
    .where(eq(salesHeaders.salesOrderNumber, number.trim().toUpperCase()))
    .limit(1)
  if (!h) throw new AppError('ORD001')
  return h
}

async function linesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return { lines: [], parts: [] }
  const lines = await db
    .select()
    .from(salesLines)
    .where(inArray(salesLines.idSalesHeader, ids))
    .orderBy(asc(salesLines.position), asc(salesLines.id))
  const parts =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(salesLineComponents)
          .where(
            inArray(
              salesLineComponents.idSalesLine,
              lines.map((line) => line.id),
            ),
          )
          .orderBy(asc(salesLineComponents.skuProduct))
  return { lines, parts }
}

/**
 * One order in full: lines with bundle parts, address, amounts, payment, voucher, shipping, events,
 * and the messages to its buyer (order-updates', decision 048).
 */
export async function orderDetailForStaff(db: Db, number: string): Promise<AdminOrderDetail> {
  const h = await headerByNumber(db, number)
  const { lines, parts } = await linesOf(db, [h.idSalesHeader])
  const events = await orderEventsOf(db, [h.idSalesHeader])
  const messages = await listOrderUpdates(db, h.idSalesHeader)
  return {
    id_sales_header: h.idSalesHeader,
    sales_order_number: h.salesOrderNumber,
    order_date: shopIsoString(h.orderDate)!,
    status: h.status as OrderStatus,
    id_brand: h.idBrand,
    id_warehouse: h.idWarehouse,
    buyer_name: h.buyerName,
    buyer_email: h.buyerEmail,
    buyer_phone: h.buyerPhone,
    total_bayar: h.totalBayar,
    payment_code: h.paymentCode,
    payment_name: h.paymentName,
    paket: h.paket,
    no_resi: h.noResi,
    lines: lines.map((line) => ({
      id: line.id,
      product_code: line.productCode,
      sku_product: line.skuProduct,
      product_name: line.productMasterName,
      ukuran: line.ukuran,
      id_brand: line.idBrand,
      quantity: line.quantity,
      harga_jual: line.hargaJual,
      url_image: line.urlImage,
      is_bundling: line.isBundling,
      components: parts
        .filter((part) => part.idSalesLine === line.id)
        .map((part) => ({
          sku_product: part.skuProduct,
          product_name: part.productMasterName,
          ukuran: part.ukuran,
          qty: part.qty,
        })),
    })),
    address: {
      penerima: h.penerima,
      hp_penerima: h.hpPenerima,
      alamat_lengkap: h.alamatLengkap,
      subdistrict: h.subdistrict,
      district: h.district,
      city: h.city,
      province: h.province,
      kode_pos: h.kodePos,
      destination_code: h.destinationCode,
    },
    amounts: {
      subtotal: h.subtotal,
      biaya_kirim: h.biayaKirim,
      packing_fee: h.packingFee,
      payment_fee: h.paymentFee,
      promo_value: h.promoValue,
      total_bayar: h.totalBayar,
    },
    payment: {
      code: h.paymentCode,
      name: h.paymentName,
      category: h.paymentCategory,
      expired_time: shopIsoString(h.expiredTime)!,
      paid_at: shopIsoString(h.paidAt),
    },
    voucher: h.kodePromo ? { id: h.idPromo, code: h.kodePromo } : null,
    shipping: {
      paket: h.paket,
      courier_code: h.courierCode,
      weight_grams: h.weightGrams,
      courier: h.shippedCourier,
      no_resi: h.noResi,
      shipped_at: shopIsoString(h.shippedAt),
      delivered_at: shopIsoString(h.deliveredAt),
    },
    cancelled_at: shopIsoString(h.cancelledAt),
    refund_amount: h.refundAmount,
    refund_state: h.refundState as AdminOrderDetail['refund_state'],
    events: events.map((event) => ({
      at: shopIsoString(event.at)!,
      from: event.fromStatus as OrderStatus | null,
      to: event.toStatus as OrderStatus,
      actor: event.actor,
      note: event.note,
    })),
    messages,
  }
}

export interface BulkShipResult {
  sales_order_number: string
  ok: boolean
  order: StaffOrder | null
  code: string | null
  message: string | null
}

/**
 * Ships each order on its own with shipOrder (its own transaction, event and audit row): one that
 * fails (unknown, not Paid, a waybill already used) is reported and does not undo the others.
 */
export async function bulkShip(
  db: Db,
  body: BulkShipBody,
  actor: OrderActor,
  auditOf: (number: string) => FulfilmentOptions['audit'],
): Promise<BulkShipResult[]> {
  const results: BulkShipResult[] = []
  for (const entry of body.orders) {
    const number = entry.sales_order_number
    try {
      const order = await shipOrder(
        db,
        number,
        { no_resi: entry.no_resi, ...(entry.courier ? { courier: entry.courier } : {}) },
        actor,
        { audit: auditOf(number) },
      )
      results.push({ sales_order_number: number, ok: true, order, code: null, message: null })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results.push({
        sales_order_number: number,
        ok: false,
        order: null,
        code: error.code,
        message: error.message,
      })
    }
  }
  return results
}

/** The packing slips of the orders (in the order asked); an unknown number is 404 ORD001 naming it. */
export async function packingSlips(db: Db, numbers: string[]): Promise<PackingSlip[]> {
  const headers = await db
    .select({ h: salesHeaders, brandName: brandNameOf(salesHeaders.idBrand) })
    .from(salesHeaders)
    .where(inArray(salesHeaders.salesOrderNumber, numbers))
  const missing = numbers.filter((number) => !headers.some(({ h }) => h.salesOrderNumber === number))
  if (missing.length > 0) {
    throw new AppError('ORD001', {
      en: `Order not found: ${missing.join(', ')}`,
      id: `Pesanan tidak ditemukan: ${missing.join(', ')}`,
    })
  }
  const { lines, parts } = await linesOf(
    db,
    headers.map(({ h }) => h.idSalesHeader),
  )
  const events = await orderEventsOf(
    db,
    headers.map(({ h }) => h.idSalesHeader),
  )
  return numbers.map((number) => {
    const { h, brandName } = headers.find(({ h }) => h.salesOrderNumber === number)!
    // Only what staff wrote is for the packer: a payment provider's status words are not.
    const note =
      events
        .filter(
          (event) =>
            event.idSalesHeader === h.idSalesHeader && event.note && event.actor.startsWith('staff:'),
        )
        .at(-1)?.note ?? null
    return {
      shop: { id_brand: h.idBrand, brand_name: brandName ?? 'Busana' },
      sales_order_number: h.salesOrderNumber,
      order_date: shopIsoString(h.orderDate)!,
      status: h.status as OrderStatus,
      paket: h.paket,
      no_resi: h.noResi,
      weight_grams: h.weightGrams,
      recipient: {
        name: h.penerima,
        phone: h.hpPenerima,
        address: h.alamatLengkap,
        subdistrict: h.subdistrict,
        district: h.district,
        city: h.city,
        province: h.province,
        kode_pos: h.kodePos,
      },
      lines: lines
        .filter((line) => line.idSalesHeader === h.idSalesHeader)
        .flatMap((line) => [
          {
            sku_product: line.skuProduct,
            product_name: line.productMasterName,
            ukuran: line.ukuran,
            qty: line.quantity,
            part_of: null,
          },
          ...parts
            .filter((part) => part.idSalesLine === line.id)
            .map((part) => ({
              sku_product: part.skuProduct,
              product_name: part.productMasterName,
              ukuran: part.ukuran,
              qty: part.qty * line.quantity,
              part_of: line.skuProduct,
            })),
        ]),
      note,
    }
  })
}
