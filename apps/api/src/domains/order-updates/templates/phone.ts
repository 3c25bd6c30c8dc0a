import type { OrderMessageFacts } from '../facts.ts'
import { money, wib, WORDS } from './texts.ts'

/**
 * The text of an order update for a phone (docs/decisions/047-order-update-emails.md). WhatsApp:
 * a few short paragraphs with *bold* labels, the way shops write there. SMS: the same facts
 * without formatting and without the lines, so a message stays within two or three parts. Plain:
 * the WhatsApp layout without formatting, the e-mail's text part.
 * Links are the facts' own: pages that ask for sign-in or the phone code, never a token.
 */
export function phoneText(f: OrderMessageFacts, kind: 'whatsapp' | 'sms' | 'plain'): string {
  const w = WORDS[f.language]
  // 'plain' is the e-mail's text part: WhatsApp's layout without its formatting.
  const style = kind === 'sms' ? 'sms' : 'whatsapp'
  const bold = (text: string) => (kind === 'whatsapp' ? `*${text}*` : text)
  const paragraphs: string[] = []
  paragraphs.push(
    style === 'whatsapp'
      ? `${bold(f.shop.name)}\n${w.greeting(f.order.buyerName)}`
      : `${f.shop.name}: ${w.lead[f.moment](f)}`,
  )
  if (style === 'whatsapp') paragraphs.push(w.lead[f.moment](f))

  if (f.moment === 'placed' && f.payment) {
    const p = f.payment
    const lines = [`${bold(w.method)}: ${p.method}`]
    if (p.billerCode) lines.push(`${bold(w.billerCode)}: ${p.billerCode}`)
    if (p.accountNumber) lines.push(`${bold(p.billerCode ? w.billKey : w.vaNumber)}: ${p.accountNumber}`)
    if (p.appLink) lines.push(`${bold(w.payInApp)}: ${p.appLink}`)
    else if (p.hasQr) lines.push(w.scanQr)
    lines.push(`${bold(w.payBefore)}: ${wib(p.deadline, f.language)}`)
    paragraphs.push(lines.join('\n'))
    if (style === 'whatsapp') {
      const items = f.order.lines.map(
        (line) =>
          `• ${line.name}${line.size ? ` (${line.size})` : ''} × ${line.quantity}: ${money(line.total)}`,
      )
      paragraphs.push(`${bold(w.items)}\n${items.join('\n')}\n${bold(w.total)}: ${money(f.order.total)}`)
    }
  }
  if (f.moment === 'paid' && style === 'whatsapp') paragraphs.push(w.paidNext)
  if (f.moment === 'shipped' && f.shipment) {
    paragraphs.push(
      [
        `${bold(w.courier)}: ${f.shipment.courier.toUpperCase()}`,
        `${bold(w.waybill)}: ${f.shipment.waybill}`,
        `${bold(w.trackParcel)}: ${f.shipment.trackingLink}`,
      ].join('\n'),
    )
  }
  if (f.moment === 'delivered' && f.review) {
    const names = f.order.lines.map((line) => `• ${line.name}`).join('\n')
    paragraphs.push(
      style === 'whatsapp'
        ? `${w.reviewLines}\n${names}\n${bold(w.writeReview)}: ${f.review.link}`
        : `${w.writeReview}: ${f.review.link}`,
    )
  }
  if (f.cancel) {
    if (f.moment !== 'refund' && style === 'whatsapp') paragraphs.push(w.cancelledWhy[f.cancel.reason])
    if (f.cancel.refundAmount !== null) {
      paragraphs.push(`${w.refund(money(f.cancel.refundAmount))} ${w.refundNext}`)
    } else if (style === 'whatsapp') paragraphs.push(w.orderAgain)
  }
  // Every message ends with the order's page (the shipped one already links the tracking page).
  if (!(f.moment === 'shipped' && f.shipment?.trackingLink === f.order.link)) {
    paragraphs.push(`${bold(w.viewOrder)}: ${f.order.link}`)
  }
  return paragraphs.join('\n\n')
}
