import { render } from '@react-email/render'
import { plainShopperText } from '@busana/contract'
import {
  isReturnMoment,
  type MessageChannel,
  type OrderMessageFacts,
  type RenderedMessage,
} from '../facts.ts'
import { OrderUpdateEmail } from './email.tsx'
import { phoneText } from './phone.ts'
import { returnOf, subjectOf } from './texts.ts'

/**
 * An order update for one channel (issue 28): WhatsApp and SMS get their text (the subject is its
 * title, for lists), e-mail its subject, its HTML (React Email, docs/decisions/047-order-update-emails.md)
 * and its plain-text part. A pure function of the facts, channel and language. What the shopper
 * wrote (their name, the recipient and the address) goes in inert: no formatting, no link (issue
 * 38, decision 053), whatever rows hold from before the name rule.
 */
export async function renderOrderMessage(
  written: OrderMessageFacts,
  channel: MessageChannel,
): Promise<RenderedMessage> {
  // A return's moment says nothing without its return: refused before anything is rendered.
  if (isReturnMoment(written.moment)) returnOf(written)
  const facts = withShopperWordsInert(written)
  const subject = subjectOf(facts)
  if (channel !== 'EMAIL') {
    return { subject, text: phoneText(facts, channel === 'WHATSAPP' ? 'whatsapp' : 'sms'), html: null }
  }
  const html = await render(<OrderUpdateEmail f={facts} />)
  return { subject, text: phoneText(facts, 'plain'), html }
}

/**
 * The facts with every text the shopper wrote made inert (the contract's plainShopperText), and what
 * staff typed about a return (the reasons, the bank, the reference, the return address and its
 * instructions, the courier and waybill; decision 053).
 */
function withShopperWordsInert(facts: OrderMessageFacts): OrderMessageFacts {
  const { order } = facts
  const typed = (text: string | null) => (text === null ? null : plainShopperText(text))
  const r = facts.return
  return {
    ...facts,
    ...(r
      ? {
          return: {
            ...r,
            lines: r.lines.map((line) => ({ ...line, notAcceptedReason: typed(line.notAcceptedReason) })),
            rejectReason: typed(r.rejectReason),
            shipTo: {
              name: plainShopperText(r.shipTo.name),
              phone: plainShopperText(r.shipTo.phone),
              address: plainShopperText(r.shipTo.address),
              instructions: plainShopperText(r.shipTo.instructions),
            },
            refund: r.refund && {
              ...r.refund,
              reference: typed(r.refund.reference),
              bank: typed(r.refund.bank),
              accountLast4: typed(r.refund.accountLast4),
            },
            exchangeShipment: r.exchangeShipment && {
              courier: plainShopperText(r.exchangeShipment.courier),
              waybill: plainShopperText(r.exchangeShipment.waybill),
            },
          },
        }
      : {}),
    order: {
      ...order,
      buyerName: plainShopperText(order.buyerName),
      recipient: {
        name: plainShopperText(order.recipient.name),
        address: plainShopperText(order.recipient.address),
      },
    },
  }
}
