import type { OrderMessageFacts } from '../facts.ts'
import { cancelWords, money, wib, WORDS } from './texts.ts'

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
  paragraphs.push(
    sms ? `${f.shop.name}: ${w.lead[f.moment](f)}` : `${bold(f.shop.name)}\n${w.greeting(o.buyerName)}`,
  )
  if (!sms) paragraphs.push(w.lead[f.moment](f))

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
  // Every message ends with the order's page (the shipped one already links it when it is the tracking page).
  if (!(f.moment === 'shipped' && f.shipment?.trackingLink === o.link)) {
    paragraphs.push(`${bold(w.viewOrder)}: ${o.link}`)
  }
  if (plain) {
    paragraphs.push(
      `--\n${w.orderNumber} ${o.number} · ${w.orderDate} ${wib(o.placedAt, f.language)}\n` +
        `${w.why(f.shop.name)}\n${f.shop.url}`,
    )
  }
  return paragraphs.join('\n\n')
}
