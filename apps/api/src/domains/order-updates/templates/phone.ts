import type { OrderMessageFacts } from '../facts.ts'
import { cancelWords, leadOf, money, pageLabel, pageOf, returnWords, wib, WORDS } from './texts.ts'

/**
 * The text of an order update for a phone (docs/decisions/047-order-update-emails.md). WhatsApp:
 * a few short paragraphs with *bold* labels, the way shops write there. SMS: the same facts
 * without formatting and without the lines, so a message stays within two or three parts. Plain:
 * the e-mail's text part, WhatsApp's layout without formatting plus what the HTML also shows (the
 * amounts, the address, the footer).
 * Links are the facts' own: pages that ask for sign-in or the phone code, never a token.
 */
export function phoneText(f: OrderMessageFacts, kind: 'whatsapp' | 'sms' | 'plain'): string {
  const w = WORDS[f.language]
  const o = f.order
  const sms = kind === 'sms'
  const plain = kind === 'plain'
  const bold = (text: string) => (kind === 'whatsapp' ? `*${text}*` : text)
  const paragraphs: string[] = []
  paragraphs.push(sms ? `${f.shop.name}: ${leadOf(f)}` : `${bold(f.shop.name)}\n${w.greeting(o.buyerName)}`)
  if (!sms) paragraphs.push(leadOf(f))

  if (f.moment === 'placed' && f.payment) {
    const p = f.payment
    const lines = [`${bold(w.method)}: ${p.method}`]
    if (p.billerCode) lines.push(`${bold(w.billerCode)}: ${p.billerCode}`)
    if (p.accountNumber) lines.push(`${bold(p.billerCode ? w.billKey : w.vaNumber)}: ${p.accountNumber}`)
    if (p.appLink) lines.push(`${bold(w.payInApp)}: ${p.appLink}`)
    else if (p.hasQr) lines.push(w.scanQr)
    lines.push(`${bold(w.payBefore)}: ${wib(p.deadline, f.language)}`)
    paragraphs.push(lines.join('\n'))
  }
  if (f.moment === 'placed' && !sms) {
    const items = o.lines.map((line) => {
      const size = line.size ? ` (${line.size})` : ''
      return `• ${line.name}${size} × ${line.quantity}: ${money(line.total)}`
    })
    const amounts: string[] = []
    if (plain) {
      // The text part carries the same sums as the HTML's table.
      amounts.push(
        `${w.subtotal}: ${money(o.subtotal)}`,
        `${w.shipping} (${o.courier}): ${money(o.shipping)}`,
      )
      if (o.packingFee > 0) amounts.push(`${w.packingFee}: ${money(o.packingFee)}`)
      if (o.paymentFee > 0) amounts.push(`${w.paymentFee}: ${money(o.paymentFee)}`)
      if (o.discount > 0) amounts.push(`${w.discount(o.voucherCode)}: -${money(o.discount)}`)
    }
    amounts.push(`${bold(w.total)}: ${money(o.total)}`)
    paragraphs.push(`${bold(w.items)}\n${items.join('\n')}\n${amounts.join('\n')}`)
  }
  if (f.moment === 'paid') paragraphs.push(w.paidNext)
  if (f.moment === 'shipped' && f.shipment) {
    paragraphs.push(
      [
        `${bold(w.courier)}: ${f.shipment.courier.toUpperCase()}`,
        `${bold(w.waybill)}: ${f.shipment.waybill}`,
        `${bold(w.trackParcel)}: ${f.shipment.trackingLink}`,
      ].join('\n'),
    )
  }
  if (plain && (f.moment === 'placed' || f.moment === 'shipped')) {
    paragraphs.push(`${w.deliverTo}: ${o.recipient.name}, ${o.recipient.address}`)
  }
  if (f.moment === 'delivered' && f.review) {
    const names = o.lines.map((line) => `• ${line.name}${line.size ? ` (${line.size})` : ''}`).join('\n')
    paragraphs.push(
      sms
        ? `${w.writeReview}: ${f.review.link}`
        : `${w.reviewLines}\n${names}\n${bold(w.writeReview)}: ${f.review.link}`,
    )
  }
  const cancel = cancelWords(f)
  if (cancel) {
    // An SMS keeps what the buyer must know: the refund and what happens next.
    if (cancel.why && !sms) paragraphs.push(cancel.why)
    if (cancel.refund) paragraphs.push(`${cancel.refund} ${cancel.refundNext}`)
    if (cancel.after && !sms) paragraphs.push(cancel.after)
  }
  const ret = returnWords(f)
  if (ret) {
    // An SMS keeps the facts the buyer acts on (where to send it, the reason, the refund, the
    // waybill); WhatsApp and e-mail add the pieces and the instructions.
    if (ret.pieces.length > 0 && !sms) {
      const title = f.moment === 'exchange_shipped' ? w.ret.newSizeTitle : w.items
      paragraphs.push(`${bold(title)}\n${ret.pieces.map((piece) => `• ${piece}`).join('\n')}`)
    }
    if (ret.sendTo) {
      const to = ret.sendTo
      paragraphs.push(
        sms
          ? `${w.ret.sendTo}: ${to.name} (${to.phone}), ${to.address}`
          : `${bold(w.ret.sendTo)}\n${to.name} (${to.phone})\n${to.address}`,
      )
      if (to.instructions && !sms) paragraphs.push(to.instructions)
      if (!sms) paragraphs.push(to.after)
    }
    if (ret.rejected?.reason) paragraphs.push(`${bold(w.ret.reason)}: ${ret.rejected.reason}`)
    if (ret.rejected && !sms) paragraphs.push(ret.rejected.next)
    if (ret.refund) {
      // The refunded message's opening sentence already says the amount.
      const lines = f.moment === 'return_received' ? [`${bold(w.ret.refund)}: ${ret.refund.amount}`] : []
      lines.push(...ret.refund.facts.map(([label, value]) => `${bold(label)}: ${value}`))
      paragraphs.push(lines.join('\n'))
      if (ret.refund.next && !(sms && f.moment === 'return_refunded')) paragraphs.push(ret.refund.next)
    }
    if (ret.next) paragraphs.push(ret.next)
    if (ret.shipment) {
      const lines = [
        `${bold(w.courier)}: ${ret.shipment.courier.toUpperCase()}`,
        `${bold(w.waybill)}: ${ret.shipment.waybill}`,
      ]
      if (f.return?.trackingLink) lines.push(`${bold(w.trackParcel)}: ${f.return.trackingLink}`)
      paragraphs.push(lines.join('\n'))
    }
  }
  // Every message ends with its page: the order's, or the return's for a return's moment (unless
  // the tracking link above is that page).
  const page = pageOf(f)
  if (!(f.moment === 'shipped' && f.shipment?.trackingLink === page) && f.return?.trackingLink !== page) {
    paragraphs.push(`${bold(pageLabel(f))}: ${page}`)
  }
  if (plain) {
    const numbers = f.return
      ? `${w.ret.returnNumber} ${f.return.number} · ${w.orderNumber} ${o.number}`
      : `${w.orderNumber} ${o.number} · ${w.orderDate} ${wib(o.placedAt, f.language)}`
    paragraphs.push(`--\n${numbers}\n${w.why(f.shop.name)}\n${f.shop.url}`)
  }
  return paragraphs.join('\n\n')
}
