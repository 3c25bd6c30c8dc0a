import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { normalisePhone } from '@busana/contract'
import {
  AppError,
  shopIsoString,
  type AdminOrderDetail,
  type AdminOrderListItem,
  type AdminOrdersQuery,
  type BulkShipBody,
  type OrderStatus,
  type PackingSlip,
  type StaffOrder,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { brands, orderEvents, salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import { shipOrder, type FulfilmentOptions } from './fulfilment.ts'
import type { OrderActor } from '../order-lifecycle/index.ts'
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

/** One page of orders, newest first. */
export async function listOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ orders: AdminOrderListItem[]; totalPages: number }> {
  const filters: (SQL | undefined)[] = []
  if (query.status) filters.push(eq(salesHeaders.status, query.status))
  if (query.id_brand !== undefined) filters.push(eq(salesHeaders.idBrand, query.id_brand))
  if (query.from) filters.push(gte(salesHeaders.orderDate, startOfShopDay(query.from)))
  if (query.to)
    filters.push(lt(salesHeaders.orderDate, new Date(startOfShopDay(query.to).getTime() + DAY_MS)))
  if (query.payment) filters.push(eq(salesHeaders.paymentCode, query.payment))
  if (query.q) filters.push(searchFilter(query.q))
  const where = and(...filters)
  const [total] = await db.select({ n: count() }).from(salesHeaders).where(where)
  const rows = await db
    .select({ h: salesHeaders, units: unitsOf })
    .from(salesHeaders)
    .where(where)
    .orderBy(desc(salesHeaders.orderDate), desc(salesHeaders.salesOrderNumber))
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
    })),
  }
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
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.idSalesHeader, h.idSalesHeader))
    .orderBy(asc(orderEvents.id))
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
    .select({ h: salesHeaders, brandName: brands.name })
    .from(salesHeaders)
    .leftJoin(brands, eq(brands.id, salesHeaders.idBrand))
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
  const events = await db
    .select()
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.idSalesHeader,
        headers.map(({ h }) => h.idSalesHeader),
      ),
    )
    .orderBy(asc(orderEvents.id))
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
