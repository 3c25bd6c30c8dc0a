import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { maskRecipient, storeMessage } from '../../domains/outbox/index.ts'
import type { MailProvider } from './mail.ts'

/** Default mail: stored in outbox_messages (shown at /dev/outbox), logged without its body. */
export function outboxMail(db: Db, log: FastifyBaseLogger): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await storeMessage(db, {
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
        idempotencyKey: message.idempotencyKey,
      })
      log.info({ channel: 'EMAIL', to: maskRecipient(message.to) }, 'mail stored in the outbox')
    },
  }
}
