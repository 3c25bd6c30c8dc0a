import type { Db } from '../../db/client.ts'
import type { MailMessage, MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider, PhoneMessage } from '../../providers/messaging/index.ts'
import { handleDueEvents } from '../events/index.ts'
import type { OrderUpdateContext } from './index.ts'
import { orderUpdateHandlers } from './subscriber.ts'
import { loadOrderMessageFacts, orderBuyer } from '../orders/index.ts'

/** A log that says nothing. */
export const silent = { warn() {}, info() {}, error() {} }

/** Providers that keep what they are given, and the sender's context over them on `db`. */
export function recorderOn(db: () => Db) {
  const phone: PhoneMessage[] = []
  const mail: MailMessage[] = []
  const messaging: MessagingProvider = {
    name: 'recorder',
    async send(message) {
      phone.push(message)
    },
  }
  const mailer: MailProvider = {
    name: 'recorder',
    async send(message) {
      mail.push(message)
    },
  }
  const ctx = (extra: Partial<OrderUpdateContext> = {}): OrderUpdateContext => ({
    db: db(),
    loadOrder: loadOrderMessageFacts,
    messaging,
    mail: mailer,
    shopUrl: 'https://busana.example',
    log: silent,
    ...extra,
  })
  return { phone, mail, ctx }
}

/**
 * Hands the due events to the order updates' subscriber, as the events job does after a commit
 * (issue 42): the messages of the moves made so far are then queued.
 */
export async function settleOrderEvents(db: Db): Promise<void> {
  await handleDueEvents({
    db,
    handlers: orderUpdateHandlers,
    handlerContext: { db, readBuyer: orderBuyer },
    log: silent,
  })
}
