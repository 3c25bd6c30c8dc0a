/** One plain-text e-mail. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends e-mail (temporary passwords). Adapters: outbox (default) and SMTP via nodemailer. */
export interface MailProvider {
  readonly name: string
  send(message: MailMessage): Promise<void>
}
