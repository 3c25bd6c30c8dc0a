import { formatIdr, RETURN_REASON_LABELS, shopClock } from '@busana/contract'
import {
  isReturnMoment,
  type MessageLanguage,
  type OrderMessageFacts,
  type OrderMoment,
  type ReturnMoment,
} from '../facts.ts'

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

/** The moments of the order itself; a return's are in `Words.ret`. */
type OwnMoment = Exclude<OrderMoment, ReturnMoment>
/** A return's facts as its messages have them (facts.return). */
export type ReturnFacts = NonNullable<OrderMessageFacts['return']>

export interface Words {
  /** The e-mail's subject and the phone text's title, per moment. */
  subject: Record<OwnMoment, (number: string) => string>
  greeting: (name: string) => string
  /** The opening sentence, per moment. */
  lead: Record<OwnMoment, (f: OrderMessageFacts) => string>
  /** A return's messages (issue 40). */
  ret: ReturnWords
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

export interface ReturnWords {
  /** 'Return' or 'Exchange' at the start of a title; in a sentence, `kind`. */
  title: Record<'REFUND' | 'EXCHANGE', string>
  kind: Record<'REFUND' | 'EXCHANGE', string>
  subject: Record<ReturnMoment, (r: ReturnFacts) => string>
  lead: Record<ReturnMoment, (f: OrderMessageFacts, r: ReturnFacts) => string>
  returnNumber: string
  viewReturn: string
  /** An exchanged line: ', new size L'. */
  newSize: (size: string) => string
  sendTo: string
  afterSending: string
  reason: string
  rejectedNext: string
  /** Received: how many of a line's units were accepted, and how many go back to the buyer. */
  accepted: (n: number, of: number) => string
  sentBack: (n: number, of: number) => string
  refund: string
  /** Received, what happens next: the refund by the provider or by transfer, the new size, or nothing. */
  refundByProvider: (payment: string) => string
  refundByTransfer: (account: string) => string
  exchangeNext: string
  nothingAccepted: string
  /** Refunded: where the money went. */
  paidTo: string
  viaProvider: (payment: string) => string
  viaTransfer: (account: string) => string
  /** A bank account by its bank and last four characters ('BCA account ending 1234'). */
  account: (bank: string | null, last4: string | null) => string
  reference: string
  refundTiming: string
  newSizeTitle: string
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
  ret: {
    title: { REFUND: 'Return', EXCHANGE: 'Exchange' },
    kind: { REFUND: 'return', EXCHANGE: 'size exchange' },
    subject: {
      return_approved: (r) => `${en.ret.title[r.resolution]} ${r.number} approved: please send the parcel`,
      return_rejected: (r) => `${en.ret.title[r.resolution]} ${r.number} not approved`,
      return_received: (r) => `${en.ret.title[r.resolution]} ${r.number}: parcel received`,
      return_refunded: (r) => `Return ${r.number}: refund paid`,
      exchange_shipped: (r) => `Exchange ${r.number}: your new size is on its way`,
    },
    lead: {
      return_approved: (f, r) =>
        `Your ${en.ret.kind[r.resolution]} ${r.number} for order ${f.order.number} is approved. Please send the pieces back to us.`,
      return_rejected: (f, r) =>
        `We are sorry: your ${en.ret.kind[r.resolution]} ${r.number} for order ${f.order.number} was not approved.`,
      return_received: (f, r) =>
        `We have received and checked the parcel of your ${en.ret.kind[r.resolution]} ${r.number} (order ${f.order.number}).`,
      return_refunded: (f, r) =>
        `Your refund${r.refund ? ` of ${money(r.refund.amount)}` : ''} for return ${r.number} (order ${f.order.number}) has been paid.`,
      exchange_shipped: (f, r) =>
        `The new size for your exchange ${r.number} (order ${f.order.number}) has been handed to the courier.`,
    },
    returnNumber: 'Return number',
    viewReturn: 'View your return',
    newSize: (size) => `, new size ${size}`,
    sendTo: 'Send the parcel to',
    afterSending: 'Once it is sent, enter the courier and waybill on the page of your return.',
    reason: 'Reason',
    rejectedNext: 'The pieces stay with you. Our customer care can tell you more.',
    accepted: (n, of) => (n === of ? 'accepted' : `${n} of ${of} accepted`),
    sentBack: (n, of) => (n === of ? 'sent back to you' : `${n} sent back to you`),
    refund: 'Refund',
    refundByProvider: (payment) => `It goes back to your ${payment}; we will let you know when it is paid.`,
    refundByTransfer: (account) => `We will transfer it to your ${account} and let you know when it is paid.`,
    exchangeNext: 'We will send your new size and its waybill soon.',
    nothingAccepted: 'None of the pieces could be accepted, so they are sent back to you.',
    paidTo: 'Paid to',
    viaProvider: (payment) => `${payment}, through the payment provider`,
    viaTransfer: (account) => `${account}, by bank transfer`,
    account: (bank, last4) =>
      `${bank ? `${bank} account` : 'bank account'}${last4 ? ` ending ${last4}` : ''}`,
    reference: 'Reference',
    refundTiming: 'It can take a few working days to show in your account.',
    newSizeTitle: 'Your new size',
  },
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
  ret: {
    title: { REFUND: 'Pengembalian', EXCHANGE: 'Penukaran ukuran' },
    kind: { REFUND: 'pengembalian', EXCHANGE: 'penukaran ukuran' },
    subject: {
      return_approved: (r) => `${id.ret.title[r.resolution]} ${r.number} disetujui: silakan kirim paketnya`,
      return_rejected: (r) => `${id.ret.title[r.resolution]} ${r.number} tidak disetujui`,
      return_received: (r) => `${id.ret.title[r.resolution]} ${r.number}: paket sudah diterima`,
      return_refunded: (r) => `Pengembalian ${r.number}: dana sudah dikembalikan`,
      exchange_shipped: (r) => `Penukaran ukuran ${r.number}: ukuran baru sedang dikirim`,
    },
    lead: {
      return_approved: (f, r) =>
        `${id.ret.title[r.resolution]} ${r.number} untuk pesanan ${f.order.number} disetujui. Silakan kirim barangnya kembali kepada kami.`,
      return_rejected: (f, r) =>
        `Mohon maaf, ${id.ret.kind[r.resolution]} ${r.number} untuk pesanan ${f.order.number} tidak disetujui.`,
      return_received: (f, r) =>
        `Paket ${id.ret.kind[r.resolution]} ${r.number} (pesanan ${f.order.number}) sudah kami terima dan periksa.`,
      return_refunded: (f, r) =>
        `Dana${r.refund ? ` ${money(r.refund.amount)}` : ''} untuk pengembalian ${r.number} (pesanan ${f.order.number}) sudah dikembalikan.`,
      exchange_shipped: (f, r) =>
        `Ukuran baru untuk penukaran ${r.number} (pesanan ${f.order.number}) sudah kami serahkan ke kurir.`,
    },
    returnNumber: 'Nomor pengembalian',
    viewReturn: 'Lihat pengembalian',
    newSize: (size) => `, ukuran baru ${size}`,
    sendTo: 'Kirim paket ke',
    afterSending: 'Setelah dikirim, isi kurir dan nomor resinya di halaman pengembalian Anda.',
    reason: 'Alasan',
    rejectedNext: 'Barang tetap pada Anda. Tim layanan pelanggan kami dapat menjelaskan lebih lanjut.',
    accepted: (n, of) => (n === of ? 'diterima' : `${n} dari ${of} diterima`),
    sentBack: (n, of) => (n === of ? 'dikirim kembali kepada Anda' : `${n} dikirim kembali kepada Anda`),
    refund: 'Pengembalian dana',
    refundByProvider: (payment) =>
      `Dana dikembalikan ke ${payment} Anda; kami akan mengabari Anda setelah selesai.`,
    refundByTransfer: (account) => `Dana akan kami transfer ke ${account} dan kami kabari setelah selesai.`,
    exchangeNext: 'Ukuran baru segera kami kirim beserta nomor resinya.',
    nothingAccepted:
      'Tidak ada barang yang dapat kami terima, jadi barangnya kami kirim kembali kepada Anda.',
    paidTo: 'Dikembalikan ke',
    viaProvider: (payment) => `${payment}, melalui penyedia pembayaran`,
    viaTransfer: (account) => `${account}, melalui transfer bank`,
    account: (bank, last4) => `rekening${bank ? ` ${bank}` : ''}${last4 ? ` berakhiran ${last4}` : ''}`,
    reference: 'No. referensi',
    refundTiming: 'Dana dapat memerlukan beberapa hari kerja untuk masuk ke rekening Anda.',
    newSizeTitle: 'Ukuran baru Anda',
  },
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

/** A message's title: the e-mail's subject, the phone text's title in lists. */
export function subjectOf(f: OrderMessageFacts): string {
  const w = WORDS[f.language]
  return isReturnMoment(f.moment) ? w.ret.subject[f.moment](returnOf(f)) : w.subject[f.moment](f.order.number)
}

/** A message's opening sentence. */
export function leadOf(f: OrderMessageFacts): string {
  const w = WORDS[f.language]
  return isReturnMoment(f.moment) ? w.ret.lead[f.moment](f, returnOf(f)) : w.lead[f.moment](f)
}

/** The return a return's message is about; its facts must carry one. */
export function returnOf(f: OrderMessageFacts): ReturnFacts {
  if (!f.return) throw new Error(`a ${f.moment} message needs its return's facts`)
  return f.return
}

/** The page a message links first: the return's for a return's moment, otherwise the order's. */
export const pageOf = (f: OrderMessageFacts): string => f.return?.link ?? f.order.link

/** 'View your return' or 'View your order', for pageOf. */
export const pageLabel = (f: OrderMessageFacts): string =>
  f.return ? WORDS[f.language].ret.viewReturn : WORDS[f.language].viewOrder

/** A returned piece as a line: 'Kemeja Linen (M) × 1'. */
export const pieceText = (line: { name: string; size: string | null }, quantity: number) =>
  `${line.name}${line.size ? ` (${line.size})` : ''} × ${quantity}`

/**
 * What a return's message says line by line and after its opening sentence, in the message's
 * language (the phone texts and the e-mail both read it): the pieces with their reasons (approved),
 * what was accepted and what goes back with why (received), the refund (received, refunded), the
 * new size's parcel (exchange_shipped). Null for the order's own moments.
 */
export function returnWords(f: OrderMessageFacts): {
  /** One line per piece. */
  pieces: string[]
  /** approved: where to send it, its instructions and what to do once sent. */
  sendTo: { name: string; phone: string; address: string; instructions: string | null; after: string } | null
  /** rejected: the reason given (staff's words) and what follows. */
  rejected: { reason: string | null; next: string } | null
  /** received and refunded: the amount, and label/value facts. */
  refund: { amount: string; facts: [string, string][]; next: string | null } | null
  /** received: what happens next when no refund line says it. */
  next: string | null
  /** exchange_shipped. */
  shipment: { courier: string; waybill: string } | null
} | null {
  if (!isReturnMoment(f.moment)) return null
  const w = WORDS[f.language]
  const r = returnOf(f)
  const reason = (line: ReturnFacts['lines'][number]) => RETURN_REASON_LABELS[line.reason][f.language]
  const accepted = r.lines.reduce((sum, line) => sum + (line.acceptedQty ?? 0), 0)
  let pieces: string[] = []
  if (f.moment === 'return_approved') {
    pieces = r.lines.map(
      (line) =>
        `${pieceText(line, line.quantity)}: ${reason(line)}${line.exchangeSize ? w.ret.newSize(line.exchangeSize) : ''}`,
    )
  } else if (f.moment === 'return_received') {
    pieces = r.lines.map((line) => {
      const took = line.acceptedQty ?? line.quantity
      const back = line.quantity - took
      const parts = []
      if (took > 0) parts.push(w.ret.accepted(took, line.quantity))
      if (back > 0) {
        parts.push(
          `${w.ret.sentBack(back, line.quantity)}${line.notAcceptedReason ? `: ${line.notAcceptedReason}` : ''}`,
        )
      }
      return `${pieceText(line, line.quantity)}: ${parts.join('; ')}`
    })
  } else if (f.moment === 'exchange_shipped') {
    pieces = r.lines
      .filter((line) => line.exchangeSize && (line.acceptedQty ?? line.quantity) > 0)
      .map((line) =>
        pieceText({ name: line.name, size: line.exchangeSize }, line.acceptedQty ?? line.quantity),
      )
  }
  const account = r.refund ? w.ret.account(r.refund.bank, r.refund.accountLast4) : ''
  let refund = null
  if (r.refund && f.moment === 'return_received' && accepted > 0) {
    refund = {
      amount: money(r.refund.amount),
      facts: [] as [string, string][],
      next:
        r.refund.method === 'PROVIDER'
          ? w.ret.refundByProvider(r.refund.paymentName)
          : w.ret.refundByTransfer(account),
    }
  }
  if (r.refund && f.moment === 'return_refunded') {
    const facts: [string, string][] = [
      [
        w.ret.paidTo,
        r.refund.method === 'PROVIDER' ? w.ret.viaProvider(r.refund.paymentName) : w.ret.viaTransfer(account),
      ],
    ]
    if (r.refund.reference) facts.push([w.ret.reference, r.refund.reference])
    refund = { amount: money(r.refund.amount), facts, next: w.ret.refundTiming }
  }
  let next: string | null = null
  if (f.moment === 'return_received') {
    if (accepted === 0) next = w.ret.nothingAccepted
    else if (r.resolution === 'EXCHANGE') next = w.ret.exchangeNext
  }
  return {
    pieces,
    sendTo:
      f.moment === 'return_approved'
        ? {
            ...r.shipTo,
            instructions: r.shipTo.instructions.trim() || null,
            after: w.ret.afterSending,
          }
        : null,
    rejected: f.moment === 'return_rejected' ? { reason: r.rejectReason, next: w.ret.rejectedNext } : null,
    refund,
    next,
    shipment: f.moment === 'exchange_shipped' ? r.exchangeShipment : null,
  }
}
