import { render } from '@react-email/render'
import { plainShopperText } from '@busana/contract'
import type { MessageChannel, OrderMessageFacts, RenderedMessage } from '../facts.ts'
import { OrderUpdateEmail } from './email.tsx'
import { phoneText } from './phone.ts'
import { WORDS } from './texts.ts'

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
  const facts = withShopperWordsInert(written)
  const subject = WORDS[facts.language].subject[facts.moment](facts.order.number)
  if (channel !== 'EMAIL') {
    return { subject, text: phoneText(facts, channel === 'WHATSAPP' ? 'whatsapp' : 'sms'), html: null }
  }
  const html = await render(<OrderUpdateEmail f={facts} />)
  return { subject, text: phoneText(facts, 'plain'), html }
}

/** The facts with every text the shopper wrote made inert (the contract's plainShopperText). */
function withShopperWordsInert(facts: OrderMessageFacts): OrderMessageFacts {
  const { order } = facts
  return {
    ...facts,
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
