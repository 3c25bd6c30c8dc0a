import nodemailer from 'nodemailer'
import type { MailProvider } from './mail.ts'

export interface SmtpOptions {
  /** smtp(s)://user:pass@host:port, or the parts below. */
  url?: string
  host?: string
  port?: number
  user?: string
  pass?: string
  from: string
}

/** A Message-ID made from the key and the sender's domain: `<key@domain>`. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'busana.local'
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`
}

/** Production mail through any SMTP server (nodemailer), with pooled connections. */
export function smtpMail(options: SmtpOptions): MailProvider {
  const transport = options.url
    ? nodemailer.createTransport(options.url)
    : nodemailer.createTransport({
        host: options.host,
        port: options.port ?? 587,
        secure: options.port === 465,
        auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
        pool: true,
        connectionTimeout: 10_000,
      })
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.idempotencyKey ? { messageId: messageIdFor(message.idempotencyKey, options.from) } : {}),
      })
    },
  }
}
