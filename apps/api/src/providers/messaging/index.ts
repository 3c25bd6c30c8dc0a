import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { httpMessaging } from './http.ts'
import type { MessagingProvider } from './messaging.ts'
import { outboxMessaging } from './outbox.ts'

export type { MessagingProvider, PhoneMessage } from './messaging.ts'

/** The messaging adapter chosen by MESSAGING_PROVIDER (config.ts checked its settings at start). */
export function createMessaging(config: Config, db: Db, log: FastifyBaseLogger): MessagingProvider {
  if (config.MESSAGING_PROVIDER === 'http' && config.MESSAGING_HTTP_URL) {
    return httpMessaging({
      url: config.MESSAGING_HTTP_URL,
      authorization: config.MESSAGING_HTTP_AUTH,
      bodyTemplate: config.MESSAGING_HTTP_BODY,
    })
  }
  return outboxMessaging(db, log)
}
