/**
 * What an order update says (issue 28): the moments of an order that reach the buyer, the channels
 * they go by, and the facts a message is rendered from. The facts are read from the order when the
 * message is sent (the orders module's loadOrderMessageFacts, handed over as an OrderFactsLoader); rendering them (templates/) is a pure function of facts, channel
 * and language, so a re-send says the same thing and a test can render any moment without a database.
 */

import type { ReturnReason } from '@busana/contract'
import {
  ORDER_MESSAGE_CHANNELS,
  ORDER_MESSAGE_MOMENTS,
  type OrderMessageChannel,
  type OrderMessageMoment,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'

/** The moments of an order the buyer hears about: the contract's list, which the staff calls answer too. */
export const ORDER_MOMENTS = ORDER_MESSAGE_MOMENTS
export type OrderMoment = OrderMessageMoment

/**
 * The moments of a return (issue 40): queued once per return, moment and channel
 * (`queueReturnUpdate`, the row's `ref` is the return's number) and rendered with the return's facts.
 */
export const RETURN_MOMENTS = [
  'return_approved',
  'return_rejected',
  'return_received',
  'return_refunded',
  'exchange_shipped',
] as const satisfies readonly OrderMoment[]
export type ReturnMoment = (typeof RETURN_MOMENTS)[number]

export const isReturnMoment = (moment: string): moment is ReturnMoment =>
  (RETURN_MOMENTS as readonly string[]).includes(moment)

/** WHATSAPP or SMS go to the buyer's phone through the messaging provider; EMAIL through the mail provider. */
export const MESSAGE_CHANNELS = ORDER_MESSAGE_CHANNELS
export type MessageChannel = OrderMessageChannel

export type MessageLanguage = 'en' | 'id'

export interface OrderLineFact {
  name: string
  /** The size as shown ('M', 'All Size'), or null. */
  size: string | null
  quantity: number
  /** Unit price paid, IDR. */
  price: number
  /** quantity × price, IDR. */
  total: number
}

export interface OrderMessageFacts {
  moment: OrderMoment
  language: MessageLanguage
  shop: {
    /** The order's brand name ('Busana'). */
    name: string
    /** The storefront's origin without a trailing slash (PUBLIC_URL): 'https://busana.example'. */
    url: string
  }
  order: {
    number: string
    buyerName: string
    /** ISO time the order was placed. */
    placedAt: string
    lines: OrderLineFact[]
    subtotal: number
    shipping: number
    packingFee: number
    paymentFee: number
    /** The voucher's discount (0 without one). */
    discount: number
    voucherCode: string | null
    total: number
    /** Courier and service as chosen: 'JNE REG'. */
    courier: string
    recipient: { name: string; address: string }
    /**
     * The order page, absolute: `${url}/member/order/{id}`. It asks for sign-in (a member) or the
     * phone code (a guest by phone) like every member page: no token is ever put in a link.
     */
    link: string
    isGuest: boolean
  }
  /** placed only: how to pay it. */
  payment?: {
    /** As the shop names it: 'BCA Virtual Account', 'GoPay', 'QRIS'. */
    method: string
    /** 'VIRTUAL-ACCOUNT', 'E-WALLET' or 'QRIS' (sales_headers.payment_category). */
    category: string
    /** A virtual account number or a Mandiri bill key; null for QR and e-wallets. */
    accountNumber: string | null
    /** Mandiri's biller code beside the bill key. */
    billerCode: string | null
    /** An e-wallet's app link (opens GoPay); null otherwise. */
    appLink: string | null
    /** Whether the way to pay is a QR code (shown on the order page, which the link opens). */
    hasQr: boolean
    /** ISO deadline; shown in WIB (UTC+7). */
    deadline: string
  }
  /** shipped only. */
  shipment?: {
    /** The courier carrying it as staff entered it ('jne'), upper-cased for show by the template. */
    courier: string
    waybill: string
    /** `${url}/tracking?order={number}` for guests; the order page for members. */
    trackingLink: string
  }
  /** delivered only: the lines to review and where. */
  review?: {
    /** `${url}/member/review`. */
    link: string
  }
  /** cancelled, expired and refund. */
  cancel?: {
    /** expired: unpaid past the deadline; payment: the provider refused or cancelled; shop: staff. */
    reason: 'expired' | 'payment' | 'shop'
    /** When money was received: the amount owed back (refund due). */
    refundAmount: number | null
  }
  /** A return's moments (RETURN_MOMENTS): the return the message is about. */
  return?: ReturnMessageFacts & {
    /**
     * The return's page, absolute: `${url}/member/returns/{number}`. Like the order page it asks
     * for sign-in or the phone code; no token.
     */
    link: string
    /**
     * exchange_shipped: where to follow the new size's parcel; null without a shipment. The return's
     * page, which shows its waybill: the shop's /tracking looks orders up by their number only
     * (`?order=`) and would show the order's first parcel.
     */
    trackingLink: string | null
  }
}

/**
 * What a return's message says (issue 40), as the returns module reads it when the message is sent
 * (its `loadReturnFacts`, handed to the sender as a ReturnFactsLoader: order-updates does not import
 * the returns module, which queues through this one). Words typed by the buyer or staff (the reject
 * and not-accepted reasons, the bank, the reference, the shop's return address and instructions)
 * are made inert when rendered.
 */
export interface ReturnMessageFacts {
  /** RTN-YYMMDD-XXXXXXXX. */
  number: string
  resolution: 'REFUND' | 'EXCHANGE'
  lines: {
    name: string
    size: string | null
    quantity: number
    reason: ReturnReason
    /** EXCHANGE: the size asked for instead. */
    exchangeSize: string | null
    /** Units staff accepted at receipt; null before. */
    acceptedQty: number | null
    /** Why the units not accepted are sent back (staff's words). */
    notAcceptedReason: string | null
  }[]
  /** return_rejected: staff's words. */
  rejectReason: string | null
  /** Where the parcel goes back (the shop's return settings). */
  shipTo: { name: string; phone: string; address: string; instructions: string }
  /** REFUND, once its amount is fixed at receipt; the reference once paid. */
  refund: {
    amount: number
    /** PROVIDER: e-wallets and QRIS, through the payment provider; BANK_TRANSFER: to the buyer's account. */
    method: 'PROVIDER' | 'BANK_TRANSFER'
    /** The way the order was paid, as the shop names it ('GoPay', 'BCA Virtual Account'). */
    paymentName: string
    reference: string | null
    /** BANK_TRANSFER: the bank the buyer gave and the last four characters of the account. */
    bank: string | null
    accountLast4: string | null
  } | null
  /** exchange_shipped: the new size's parcel. */
  exchangeShipment: { courier: string; waybill: string } | null
}

/**
 * Reads what a message of `moment` says about an order, as it is now (the orders module's
 * loadOrderMessageFacts, handed to the sender by the job: orders imports this module, so this
 * module reads the order through it). Null when the order no longer exists.
 */
export type OrderFactsLoader = (
  db: Db,
  update: { idSalesHeader: string; moment: OrderMoment; language: MessageLanguage },
  shopUrl: string,
) => Promise<OrderMessageFacts | null>

/** Where, and in which language, an order's buyer hears. */
export interface OrderBuyer {
  buyerPhone: string | null
  buyerEmail: string | null
  isGuest: boolean
  language: string
}

/** Reads an order's buyer inside `tx` (the orders module's orderBuyer); null when there is no such order. */
export type OrderBuyerReader = (tx: Transaction, idSalesHeader: string) => Promise<OrderBuyer | null>

/** Reads a return's facts by its number; null when there is no such return. */
export type ReturnFactsLoader = (db: Db, returnNumber: string) => Promise<ReturnMessageFacts | null>

/** A rendered message: phone channels use `text` only; e-mail has a subject, HTML and its plain-text part. */
export interface RenderedMessage {
  subject: string
  text: string
  html: string | null
}
