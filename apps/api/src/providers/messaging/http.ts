import type { MessagingProvider } from './messaging.ts'

export interface HttpMessagingOptions {
  url: string
  /** Value of the Authorization header, when the provider wants one. */
  authorization?: string
  /** JSON template; {{channel}}, {{to}}, {{body}} and {{id}} are replaced by JSON-escaped values. */
  bodyTemplate: string
  /** Milliseconds before the call is abandoned. */
  timeoutMs?: number
}

/** JSON-escapes a value for use inside a template's string literal (without the quotes). */
const jsonInner = (value: string) => JSON.stringify(value).slice(1, -1)

/** Fills the body template; the result is checked to be JSON before it leaves. */
export function renderBody(
  template: string,
  values: Record<'channel' | 'to' | 'body', string> & { id?: string },
): string {
  const body = template.replace(/\{\{(channel|to|body|id)\}\}/g, (_match, key: keyof typeof values) =>
    jsonInner(values[key] ?? ''),
  )
  JSON.parse(body)
  return body
}

/**
 * A generic SMS/WhatsApp gateway: one JSON POST per message (most Indonesian gateways, e.g.
 * WhatsApp Business API resellers, take this shape). Non-2xx answers and timeouts throw.
 */
export function httpMessaging(options: HttpMessagingOptions): MessagingProvider {
  return {
    name: 'http',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (options.authorization) headers.authorization = options.authorization
      if (message.idempotencyKey) headers['idempotency-key'] = message.idempotencyKey
      const response = await fetch(options.url, {
        method: 'POST',
        headers,
        body: renderBody(options.bodyTemplate, {
          channel: message.channel,
          to: message.to,
          body: message.body,
          id: message.idempotencyKey ?? '',
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      // Drain the body so the connection is reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined)
      if (!response.ok) throw new Error(`messaging provider answered HTTP ${response.status}`)
    },
  }
}
