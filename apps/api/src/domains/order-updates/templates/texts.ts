import { formatIdr, shopClock } from '@busana/contract'
import type { MessageLanguage, OrderMessageFacts, OrderMoment } from '../facts.ts'

/**
 * The words of the order updates in English and Indonesian (issue 28, docs/decisions/047-order-update-emails.md):
 * one table per language, so a sentence missing in one is a compiler error. The phone texts and
 * the e-mails both read from here.
 */

const MONTHS: Record<MessageLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
}

const two = (n: number) => String(n).padStart(2, '0')

/** '26 Nov 2026, 21:18 WIB' (Indonesian: '26 Nov 2026, 21.18 WIB') on the shop's clock (UTC+7). */
export function wib(iso: string, language: MessageLanguage): string {
  const wall = shopClock(new Date(iso))
  const separator = language === 'id' ? '.' : ':'
  return (
    `${two(wall.getUTCDate())} ${MONTHS[language][wall.getUTCMonth()]} ${wall.getUTCFullYear()}, ` +
    `${two(wall.getUTCHours())}${separator}${two(wall.getUTCMinutes())} WIB`
  )
}

/** 'Rp 402.000', the way the storefront writes money. */
export const money = formatIdr

export interface Words {
  /** The e-mail's subject and the phone text's title, per moment. */
  subject: Record<OrderMoment, (number: string) => string>
  greeting: (name: string) => string
  /** The opening sentence, per moment. */
  lead: Record<OrderMoment, (f: OrderMessageFacts) => string>
  orderNumber: string
  orderDate: string
  items: string
  size: string
  quantity: string
  subtotal: string
  shipping: string
  packingFee: string
  paymentFee: string
  discount: (code: string | null) => string
  total: string
  howToPay: string
  method: string
  vaNumber: string
  billKey: string
  billerCode: string
  payInApp: string
  openApp: string
  scanQr: string
  payBefore: string
  deliverTo: string
  courier: string
  waybill: string
  trackParcel: string
  viewOrder: string
  writeReview: string
  reviewLines: string
  refund: (amount: string) => string
  refundNext: string
  paidNext: string
  cancelledWhy: Record<'expired' | 'payment' | 'shop', string>
  /** Unpaid and ended, no refund due: the buyer paid nothing. */
  nothingPaid: string
  orderAgain: string
  /** Why this e-mail came: the footer. */
  why: (shop: string) => string
  signInNote: string
}

const en: Words = {
  subject: {
    placed: (n) => `Order ${n}: how to pay`,
    paid: (n) => `Order ${n}: payment received`,
    shipped: (n) => `Order ${n} is on its way`,
    delivered: (n) => `Order ${n} has arrived`,
    cancelled: (n) => `Order ${n} is cancelled`,
    expired: (n) => `Order ${n} has expired`,
    refund: (n) => `Order ${n}: your refund`,
  },
  greeting: (name) => `Hi ${name},`,
  lead: {
    placed: (f) =>
      `Thank you for your order ${f.order.number}. Please pay ${money(f.order.total)} to confirm it.`,
    paid: (f) => `We have received your payment of ${money(f.order.total)} for order ${f.order.number}.`,
    shipped: (f) => `Your order ${f.order.number} has been handed to the courier.`,
    delivered: (f) =>
      `Your order ${f.order.number} has been delivered. Thank you for shopping at ${f.shop.name}!`,
    cancelled: (f) => `Your order ${f.order.number} has been cancelled.`,
    expired: (f) => `Your order ${f.order.number} has expired because it was not paid in time.`,
    refund: (f) => `We received a payment for order ${f.order.number} after it was cancelled.`,
  },
  orderNumber: 'Order number',
  orderDate: 'Ordered',
  items: 'Items',
  size: 'Size',
  quantity: 'Qty',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  packingFee: 'Packing',
  paymentFee: 'Payment fee',
  discount: (code) => (code ? `Voucher ${code}` : 'Discount'),
  total: 'Total',
  howToPay: 'How to pay',
  method: 'Pay with',
  vaNumber: 'Virtual account number',
  billKey: 'Bill key',
  billerCode: 'Biller code',
  payInApp: 'Pay in the app',
  openApp: 'Open the app',
  scanQr: 'Open your order to scan the QR code with your banking or e-wallet app.',
  payBefore: 'Pay before',
  deliverTo: 'Deliver to',
  courier: 'Courier',
  waybill: 'Waybill',
  trackParcel: 'Track your parcel',
  viewOrder: 'View your order',
  writeReview: 'Write a review',
  reviewLines: 'How do you like them? Your review helps other shoppers choose:',
  refund: (amount) => `${amount} will be refunded to you.`,
  refundNext:
    'Our customer care will contact you within a few working days to ask which account to send it to. There is nothing you need to do now.',
  paidNext: 'We are preparing your parcel now and will send you the waybill as soon as it ships.',
  cancelledWhy: {
    expired: 'The payment deadline passed before we received your payment.',
    payment: 'The payment was cancelled or refused by the payment provider.',
    shop: 'We are sorry: we had to cancel it. Our customer care can tell you why.',
  },
  nothingPaid: 'No money was taken.',
  orderAgain: 'You are welcome to order again at any time.',
  why: (shop) => `You receive this message because you placed an order at ${shop}.`,
  signInNote: 'The link asks you to sign in, or to enter the code we send to your phone.',
}

const id: Words = {
  subject: {
    placed: (n) => `Pesanan ${n}: cara pembayaran`,
    paid: (n) => `Pesanan ${n}: pembayaran diterima`,
    shipped: (n) => `Pesanan ${n} sedang dikirim`,
    delivered: (n) => `Pesanan ${n} sudah sampai`,
    cancelled: (n) => `Pesanan ${n} dibatalkan`,
    expired: (n) => `Pesanan ${n} kedaluwarsa`,
    refund: (n) => `Pesanan ${n}: pengembalian dana`,
  },
  greeting: (name) => `Halo ${name},`,
  lead: {
    placed: (f) =>
      `Terima kasih atas pesanan ${f.order.number}. Silakan bayar ${money(f.order.total)} untuk mengonfirmasinya.`,
    paid: (f) => `Pembayaran ${money(f.order.total)} untuk pesanan ${f.order.number} sudah kami terima.`,
    shipped: (f) => `Pesanan ${f.order.number} sudah kami serahkan ke kurir.`,
    delivered: (f) =>
      `Pesanan ${f.order.number} sudah sampai. Terima kasih sudah berbelanja di ${f.shop.name}!`,
    cancelled: (f) => `Pesanan ${f.order.number} dibatalkan.`,
    expired: (f) => `Pesanan ${f.order.number} kedaluwarsa karena belum dibayar tepat waktu.`,
    refund: (f) => `Kami menerima pembayaran untuk pesanan ${f.order.number} setelah pesanan dibatalkan.`,
  },
  orderNumber: 'Nomor pesanan',
  orderDate: 'Tanggal pesan',
  items: 'Barang',
  size: 'Ukuran',
  quantity: 'Jumlah',
  subtotal: 'Subtotal',
  shipping: 'Ongkos kirim',
  packingFee: 'Biaya kemas',
  paymentFee: 'Biaya pembayaran',
  discount: (code) => (code ? `Voucher ${code}` : 'Diskon'),
  total: 'Total',
  howToPay: 'Cara bayar',
  method: 'Bayar dengan',
  vaNumber: 'Nomor virtual account',
  billKey: 'Kode bayar',
  billerCode: 'Kode perusahaan',
  payInApp: 'Bayar di aplikasi',
  openApp: 'Buka aplikasi',
  scanQr: 'Buka pesanan Anda untuk memindai kode QR dengan aplikasi bank atau dompet digital.',
  payBefore: 'Bayar sebelum',
  deliverTo: 'Dikirim ke',
  courier: 'Kurir',
  waybill: 'No. resi',
  trackParcel: 'Lacak paket',
  viewOrder: 'Lihat pesanan',
  writeReview: 'Tulis ulasan',
  reviewLines: 'Bagaimana menurut Anda? Ulasan Anda membantu pembeli lain memilih:',
  refund: (amount) => `Dana ${amount} akan dikembalikan kepada Anda.`,
  refundNext:
    'Tim layanan pelanggan kami akan menghubungi Anda dalam beberapa hari kerja untuk menanyakan rekening tujuan. Anda tidak perlu melakukan apa pun sekarang.',
  paidNext: 'Paket Anda sedang kami siapkan. Nomor resi akan kami kirimkan begitu paket dikirim.',
  cancelledWhy: {
    expired: 'Batas waktu pembayaran terlewati sebelum pembayaran kami terima.',
    payment: 'Pembayaran dibatalkan atau ditolak oleh penyedia pembayaran.',
    shop: 'Mohon maaf, kami harus membatalkannya. Tim layanan pelanggan kami dapat menjelaskan alasannya.',
  },
  nothingPaid: 'Tidak ada dana yang terpotong.',
  orderAgain: 'Silakan pesan kembali kapan saja.',
  why: (shop) => `Anda menerima pesan ini karena berbelanja di ${shop}.`,
  signInNote: 'Tautan akan meminta Anda masuk, atau memasukkan kode yang kami kirim ke ponsel Anda.',
}

export const WORDS: Record<MessageLanguage, Words> = { en, id }

/** 'Size M', or the size alone when it names itself ('All Size'); null without a size. */
export function sizeLabel(size: string | null, w: Words): string | null {
  if (!size) return null
  return /size|ukuran/i.test(size) ? size : `${w.size} ${size}`
}

/**
 * What a cancelled, expired or refund message says after its opening sentence: why (cancelled
 * only; the expired and refund openings already say it), the refund and what happens next when
 * money is owed back, otherwise an invitation to order again. Null for the other moments.
 */
export function cancelWords(f: OrderMessageFacts): {
  why: string | null
  refund: string | null
  refundNext: string | null
  after: string | null
} | null {
  if (!f.cancel) return null
  const w = WORDS[f.language]
  const { reason, refundAmount } = f.cancel
  const owed = refundAmount !== null
  return {
    why: f.moment === 'cancelled' ? w.cancelledWhy[reason] : null,
    refund: owed ? w.refund(money(refundAmount)) : null,
    refundNext: owed ? w.refundNext : null,
    // Unpaid past the deadline: nothing was taken, so nothing comes back.
    after: owed ? null : reason === 'expired' ? `${w.nothingPaid} ${w.orderAgain}` : w.orderAgain,
  }
}
