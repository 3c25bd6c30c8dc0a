import { asc, eq } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { salesHeaders, salesLines } from '../../db/schema/index.ts'
import { brandNameOf } from '../catalog/index.ts'
import { firstCancelActor } from '../order-lifecycle/index.ts'
import type { OrderBuyer, OrderFactsLoader, OrderMessageFacts } from '../order-updates/index.ts'
import { paymentOf } from '../payments/index.ts'

/**
 * Where, and in which language, an order's buyer hears (order updates queue by it, issue 42); null
 * when there is no such order.
 */
export async function orderBuyer(tx: Transaction | Db, idSalesHeader: string): Promise<OrderBuyer | null> {
  const [order] = await tx
    .select({
      buyerPhone: salesHeaders.buyerPhone,
      buyerEmail: salesHeaders.buyerEmail,
      isGuest: salesHeaders.isGuest,
      language: salesHeaders.language,
    })
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  return order ?? null
}

/**
 * Reads what a message of `moment` says about an order, as it is now (the amounts and lines were
 * copied into the order when it was placed; the waybill is the one staff entered), for order
 * updates' sender (an OrderFactsLoader, given by the job). Null when the order no longer exists.
 * `shopUrl` is PUBLIC_URL: every link is a plain page of the shop that asks for sign-in or the
 * phone code, never one carrying a token.
 */
export const loadOrderMessageFacts: OrderFactsLoader = async (db, update, shopUrl) => {
  const [order] = await db
    .select({ header: salesHeaders, brand: brandNameOf(salesHeaders.idBrand) })
    .from(salesHeaders)
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
    const payment = await paymentOf(db, h.idSalesHeader)
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
    const actor = await firstCancelActor(db, h.idSalesHeader)
    facts.cancel = {
      reason: update.moment === 'expired' ? 'expired' : actor?.startsWith('staff:') ? 'shop' : 'payment',
      refundAmount: h.refundState ? (h.refundAmount ?? h.totalBayar) : null,
    }
  }
  return facts
}
