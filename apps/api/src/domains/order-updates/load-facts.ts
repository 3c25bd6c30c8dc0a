import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, orderEvents, payments, salesHeaders, salesLines } from '../../db/schema/index.ts'
import type {
  MessageLanguage,
  OrderMessageFacts,
  OrderMoment,
  ReturnFactsLoader,
  ReturnMessageFacts,
} from './facts.ts'

/**
 * Reads what a message of `moment` says about an order, as it is now (the amounts and lines were
 * copied into the order when it was placed; the waybill is the one staff entered). Null when the
 * order no longer exists. `shopUrl` is PUBLIC_URL: every link is a plain page of the shop that asks
 * for sign-in or the phone code, never one carrying a token.
 */
export async function loadFacts(
  db: Db,
  update: { idSalesHeader: string; moment: OrderMoment; language: MessageLanguage },
  shopUrl: string,
): Promise<OrderMessageFacts | null> {
  const [order] = await db
    .select({ header: salesHeaders, brand: brands.name })
    .from(salesHeaders)
    .leftJoin(brands, eq(brands.id, salesHeaders.idBrand))
    .where(eq(salesHeaders.idSalesHeader, update.idSalesHeader))
  if (!order) return null
  const h = order.header
  const url = shopUrl.replace(/\/+$/, '')
  const link = `${url}/member/order/${encodeURIComponent(h.idSalesHeader)}`
  const lines = await db
    .select()
    .from(salesLines)
    .where(eq(salesLines.idSalesHeader, h.idSalesHeader))
    .orderBy(asc(salesLines.position), asc(salesLines.id))
  const facts: OrderMessageFacts = {
    moment: update.moment,
    language: update.language,
    shop: { name: order.brand ?? 'Busana', url },
    order: {
      number: h.salesOrderNumber,
      buyerName: h.buyerName,
      placedAt: h.orderDate.toISOString(),
      lines: lines.map((line) => ({
        name: line.productMasterName,
        size: line.ukuran || null,
        quantity: line.quantity,
        price: line.hargaJual,
        total: line.quantity * line.hargaJual,
      })),
      subtotal: h.subtotal,
      shipping: h.biayaKirim,
      packingFee: h.packingFee,
      paymentFee: h.paymentFee,
      discount: h.promoValue,
      voucherCode: h.kodePromo,
      total: h.totalBayar,
      courier: h.paket,
      recipient: {
        name: h.penerima,
        address: [h.alamatLengkap, h.subdistrict, h.district, h.city, h.province, h.kodePos]
          .filter(Boolean)
          .join(', '),
      },
      link,
      isGuest: h.isGuest,
    },
  }
  if (update.moment === 'placed') {
    const [payment] = await db.select().from(payments).where(eq(payments.idSalesHeader, h.idSalesHeader))
    facts.payment = {
      method: h.paymentName,
      category: h.paymentCategory,
      accountNumber: payment?.rekening ?? null,
      billerCode: payment?.billerCode ?? null,
      appLink: payment?.deeplink ?? null,
      hasQr: Boolean(payment?.qrString || payment?.qrUrl),
      deadline: h.expiredTime.toISOString(),
    }
  }
  if (update.moment === 'shipped') {
    facts.shipment = {
      courier: h.shippedCourier ?? h.courierCode,
      waybill: h.noResi ?? '',
      trackingLink: h.isGuest ? `${url}/tracking?order=${encodeURIComponent(h.salesOrderNumber)}` : link,
    }
  }
  if (update.moment === 'delivered') facts.review = { link: `${url}/member/review` }
  if (update.moment === 'cancelled' || update.moment === 'expired' || update.moment === 'refund') {
    // Who cancelled it: staff ('staff:…') is the shop's decision, anyone else the payment's.
    const [cancel] = await db
      .select({ actor: orderEvents.actor })
      .from(orderEvents)
      .where(and(eq(orderEvents.idSalesHeader, h.idSalesHeader), eq(orderEvents.toStatus, 'Cancel')))
      .orderBy(asc(orderEvents.at))
      .limit(1)
    facts.cancel = {
      reason:
        update.moment === 'expired' ? 'expired' : cancel?.actor.startsWith('staff:') ? 'shop' : 'payment',
      refundAmount: h.refundState ? (h.refundAmount ?? h.totalBayar) : null,
    }
  }
  return facts
}

/**
 * What a return's message says (issue 40): the return as the returns module reads it now (`load`,
 * its loadReturnFacts), with the return's page (`/member/returns/{number}`, which asks for sign-in or
 * the phone code like the order page) and, once the new size ships, where to follow it. Null when
 * there is no such return.
 */
export async function loadReturnMessage(
  db: Db,
  returnNumber: string,
  shopUrl: string,
  load: ReturnFactsLoader,
): Promise<NonNullable<OrderMessageFacts['return']> | null> {
  const found = await load(db, returnNumber)
  return found ? withReturnLinks(found, shopUrl) : null
}

/** A return's facts with its links under the shop's origin. */
export function withReturnLinks(
  found: ReturnMessageFacts,
  shopUrl: string,
): NonNullable<OrderMessageFacts['return']> {
  const link = `${shopUrl.replace(/\/+$/, '')}/member/returns/${encodeURIComponent(found.number)}`
  // The shop's /tracking finds orders by their number only (`?order=`), which would show the
  // order's first parcel; the return's page shows the new size's courier and waybill.
  return { ...found, link, trackingLink: found.exchangeShipment ? link : null }
}
