import { render } from '@react-email/render'
import type { MessageChannel, OrderMessageFacts, RenderedMessage } from '../facts.ts'
import { OrderUpdateEmail } from './email.tsx'
import { phoneText } from './phone.ts'
import { WORDS } from './texts.ts'

/**
 * An order update for one channel (issue 28): WhatsApp and SMS get their text (the subject is its
 * title, for lists), e-mail its subject, its HTML (React Email, docs/decisions/047-order-update-emails.md)
 * and its plain-text part. A pure function of the facts, channel and language.
 */
export async function renderOrderMessage(
  facts: OrderMessageFacts,
  channel: MessageChannel,
): Promise<RenderedMessage> {
  const subject = WORDS[facts.language].subject[facts.moment](facts.order.number)
  if (channel !== 'EMAIL') {
    return { subject, text: phoneText(facts, channel === 'WHATSAPP' ? 'whatsapp' : 'sms'), html: null }
  }
  const html = await render(<OrderUpdateEmail f={facts} />)
  return { subject, text: phoneText(facts, 'plain'), html }
}
