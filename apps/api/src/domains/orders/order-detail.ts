import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  AppError,
  etdLabel,
  ORDER_STATUS_MESSAGES,
  shopIsoString,
  maskPhone,
  type OrderDetail,
  type OrderGuestDetail,
  type OrderStatus,
  type PaymentCategory,
} from '@busana/contract/schemas'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import { chargeOrder, expireOrder, paymentOf, type PaymentContext } from '../payments/index.ts'
import { orderEventsOf } from '../order-lifecycle/index.ts'
import { tutorialFor, type TutorialLanguage } from '../payments/index.ts'

/** Where the API draws an order's QR code (payments/store.routes.ts). */
export const qrImagePath = (idSalesHeader: string) => `/api/v1/payments/${idSalesHeader}/qr.svg`

/**
 * The order detail (GET /member/order_history/{id}; docs/product/shopping.md §3): only the caller's own
 * order, another's id answers 404 ORD001 exactly like an unknown one. An Open order past its
 * deadline is cancelled first (the expiry job's path, so Check payment sees Cancel at once), and
 * one whose payment was never issued (the provider failed at checkout) is charged again. The
 * payment block and How to Pay in `language` (decision 020).
 */
export async function orderDetail(
  ctx: PaymentContext,
  idPelanggan: number,
  idSalesHeader: string,
  language: TutorialLanguage,
  now = Date.now(),
): Promise<OrderDetail> {
  const [h] = await ctx.db
    .select()
    .from(salesHeaders)
    .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.idPelanggan, idPelanggan)))
    .limit(1)
  if (!h) throw new AppError('ORD001')
  return fullDetail(ctx, h, language, now)
}

/**
 * The guest order detail by order number (GET /member/order_guest/{number}): the caller's own
 * order (member or phone-guest session) in full; anyone else holding the number sees it masked:
 * status, dates, lines and totals, the recipient as initials, the phone's last 4 digits, the
 * address as district and city, and no way to pay (OrderGuestDetailSchema). Unknown: 404 ORD001.
 */
export async function guestOrderDetail(
  ctx: PaymentContext,
  viewer: number | null,
  salesOrderNumber: string,
  language: TutorialLanguage,
  now = Date.now(),
): Promise<OrderGuestDetail> {
  const [h] = await ctx.db
    .select()
    .from(salesHeaders)
    .where(eq(salesHeaders.salesOrderNumber, salesOrderNumber))
    .limit(1)
  if (!h) throw new AppError('ORD001')
  if (viewer === h.idPelanggan) return { ...(await fullDetail(ctx, h, language, now)), masked: false }
  if (h.status === 'Open' && h.expiredTime.getTime() <= now) {
    await expireOrder(ctx, h.idSalesHeader, now)
    const [fresh] = await ctx.db
      .select()
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, h.idSalesHeader))
    return maskDetail(await detailOf(ctx, fresh!, null, []))
  }
  return maskDetail(await detailOf(ctx, h, null, []))
}

/** Initials only: 'Siti Wulandari' → 'S*** W***'. */
export const maskName = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ')

/** What a stranger holding the order number may see (OrderGuestDetailSchema). */
function maskDetail(detail: OrderDetail): OrderGuestDetail {
  return {
    ...detail,
    sales_header: { ...detail.sales_header, id_sales_header: '' },
    shipping: {
      ...detail.shipping,
      penerima: maskName(detail.shipping.penerima),
      alamat_lengkap: '',
      subdistrict: '',
      province: '',
      kode_pos: '',
      no_hp: maskPhone(detail.shipping.no_hp),
    },
    tutorial_payment: [],
    masked: true,
  }
}

type Header = typeof salesHeaders.$inferSelect

/**
 * The owner's detail: an Open order past its deadline is cancelled first, one whose payment was
 * never issued is charged again; then the payment block and How to Pay.
 */
async function fullDetail(ctx: PaymentContext, first: Header, language: TutorialLanguage, now: number) {
  const { db } = ctx
  let h = first
  let payment = await paymentOf(db, h.idSalesHeader)
  if (h.status === 'Open') {
    if (h.expiredTime.getTime() <= now) await expireOrder(ctx, h.idSalesHeader, now)
    else if (payment?.state !== 'issued') await chargeOrder(ctx, h.idSalesHeader, now)
    h = (await db.select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, h.idSalesHeader)))[0]!
    payment = await paymentOf(db, h.idSalesHeader)
  }
  const issued = payment?.state === 'issued' ? payment : null
  return detailOf(
    ctx,
    h,
    issued,
    tutorialFor(h.paymentCode, language, {
      rekening: issued?.rekening ?? null,
      billerCode: issued?.billerCode ?? null,
      total: h.totalBayar,
    }),
  )
}

/** The detail of a header as it stands, with the issued payment (null: none shown) and How to Pay. */
async function detailOf(
  ctx: PaymentContext,
  h: Header,
  issued: Awaited<ReturnType<typeof paymentOf>>,
  tutorial: OrderDetail['tutorial_payment'],
): Promise<OrderDetail> {
  const { db } = ctx
  const lines = await db
    .select()
    .from(salesLines)
    .where(eq(salesLines.idSalesHeader, h.idSalesHeader))
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
  const events = (await orderEventsOf(db, [h.idSalesHeader])).map(({ toStatus, at }) => ({
    to: toStatus,
    at,
  }))
  const iso = (date: Date) => shopIsoString(date)!
  return {
    sales_header: {
      id_sales_header: h.idSalesHeader,
      status: h.status as OrderStatus,
      status_message: ORDER_STATUS_MESSAGES[h.status as OrderStatus],
      sales_order_number: h.salesOrderNumber,
      order_date: iso(h.orderDate),
      no_resi: h.noResi,
      subtotal: h.subtotal,
      biaya_kirim: h.biayaKirim,
      packing_fee: h.packingFee,
      payment_fee: h.paymentFee,
      promo_value: h.promoValue,
      kode_promo: h.kodePromo,
      total_bayar: h.totalBayar,
      expired_time: iso(h.expiredTime),
    },
    status_history: events.map((event) => ({ status: event.to as OrderStatus, waktu: iso(event.at) })),
    sales_line: lines.map((line) => ({
      quantity: line.quantity,
      harga_jual: line.hargaJual,
      url_image: line.urlImage,
      product_code: line.productCode,
      product_master_name: line.productMasterName,
      sku_product: line.skuProduct,
      ukuran: line.ukuran,
      is_bundling: line.isBundling,
      bundling: parts
        .filter((part) => part.idSalesLine === line.id)
        .map((part) => ({
          sku_product: part.skuProduct,
          product_master_name: part.productMasterName,
          ukuran: part.ukuran,
          qty: part.qty,
        })),
    })),
    shipping: {
      paket: h.paket,
      etd: etdLabel(h.etdMin, h.etdMax),
      penerima: h.penerima,
      alamat_lengkap: h.alamatLengkap,
      subdistrict: h.subdistrict,
      district: h.district,
      city: h.city,
      province: h.province,
      kode_pos: h.kodePos,
      no_hp: h.hpPenerima,
    },
    payment: {
      name: h.paymentName,
      fee: h.paymentFee,
      rekening: issued?.rekening ?? null,
      payment_logo: h.paymentLogo,
      payment_method_code: h.paymentCode,
      payment_method_category: h.paymentCategory as PaymentCategory,
      deeplink: issued?.deeplink ?? null,
      qr_code: issued?.qrString ? qrImagePath(h.idSalesHeader) : (issued?.qrUrl ?? null),
      expired_at: iso(h.expiredTime),
      biller_code: issued?.billerCode ?? null,
      qr_string: issued?.qrString ?? null,
      payment_state: issued ? 'issued' : h.status === 'Open' ? 'pending' : 'none',
    },
    tutorial_payment: tutorial,
  }
}
