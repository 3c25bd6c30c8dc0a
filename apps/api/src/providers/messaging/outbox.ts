import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { maskRecipient, storeMessage } from '../../domains/outbox/index.ts'
import type { MessagingProvider } from './messaging.ts'

/**
 * Default messaging: the text is stored in outbox_messages (read at /dev/outbox when not in
 * production) and one log line is written without the body, so no code reaches the logs.
 */
export function outboxMessaging(db: Db, log: FastifyBaseLogger): MessagingProvider {
  return {
    name: 'outbox',
    async send(message) {
      await storeMessage(db, {
        channel: message.channel,
        recipient: message.to,
        body: message.body,
        idempotencyKey: message.idempotencyKey,
      })
      log.info({ channel: message.channel, to: maskRecipient(message.to) }, 'message stored in the outbox')
    },
  }
}
