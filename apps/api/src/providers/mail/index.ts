import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { MailProvider } from './mail.ts'
import { outboxMail } from './outbox.ts'
import { smtpMail } from './smtp.ts'

export type { MailMessage, MailProvider } from './mail.ts'

/** The mail adapter chosen by MAIL_PROVIDER (config.ts checked its settings at start). */
export function createMail(config: Config, db: Db, log: FastifyBaseLogger): MailProvider {
  if (config.MAIL_PROVIDER === 'smtp') {
    return smtpMail({
      url: config.SMTP_URL,
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      user: config.SMTP_USER,
      pass: config.SMTP_PASS,
      from: config.MAIL_FROM,
    })
  }
  return outboxMail(db, log)
}
