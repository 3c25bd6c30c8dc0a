import type { OtpChannel } from '@busana/contract/schemas'

/** One text to a phone, by SMS or WhatsApp. */
export interface PhoneMessage {
  channel: OtpChannel
  /** Mobile number with its leading 0, as stored. */
  to: string
  body: string
  /**
   * The message's own key (order updates): sent as the Idempotency-Key header and {{id}}, so a
   * gateway that keeps keys drops a repeat after a crash between sending and recording it sent.
   */
  idempotencyKey?: string
}

/**
 * Sends texts to phones (one-time codes, order updates). Adapters: outbox (default: stored, shown at /dev/outbox)
 * and http (a configurable provider endpoint). A failure throws; the caller answers MSG001.
 */
export interface MessagingProvider {
  readonly name: string
  send(message: PhoneMessage): Promise<void>
}
