/** One e-mail: its plain text, and an HTML part when it has one (order updates). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /**
   * The message's own key (order updates): it becomes the Message-ID, so a repeat after a crash
   * between sending and recording it sent carries the same id (mail servers and clients that keep
   * ids drop it; SMTP itself promises nothing).
   */
  idempotencyKey?: string
}

/** Sends e-mail (temporary passwords, order updates). Adapters: outbox (default) and SMTP via nodemailer. */
export interface MailProvider {
  readonly name: string
  send(message: MailMessage): Promise<void>
}
