import type { Db } from '../../db/client.ts'
import type { MailMessage, MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider, PhoneMessage } from '../../providers/messaging/index.ts'
import type { OrderUpdateContext } from './index.ts'

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
    messaging,
    mail: mailer,
    shopUrl: 'https://busana.example',
    log: silent,
    ...extra,
  })
  return { phone, mail, ctx }
}
