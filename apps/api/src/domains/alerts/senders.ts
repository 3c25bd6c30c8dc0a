import type { MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'
import type { Db } from '../../db/client.ts'
import type { DeliveredEvent, EventHandler, SubscriberName } from '../events/index.ts'
import { alertText, renderAlertMessage, type AlertMessageFacts } from './messages.tsx'
import type { Pace } from './pace.ts'
import {
  onAvailableAgain,
  onPriceDropped,
  spentAlert,
  spentAlerts,
  type SpentAlert,
} from './alerts.service.ts'

/** What the alerts' subscribers need: the database, the providers, the shop's origin and phone channel. */
export interface AlertsContext {
  db: Db
  messaging: MessagingProvider
  mail: MailProvider
  /** PUBLIC_URL: the shop's origin, for the product's link. */
  shopUrl: string
  /** ORDER_UPDATES_PHONE: how the shop texts a phone. */
  phoneChannel: 'WHATSAPP' | 'SMS'
  /** The messages' pace per channel (`alertPace(ALERTS_PER_SECOND)`); none: as fast as handled. */
  pace?: { phone: Pace; email: Pace; quiet?: () => Promise<void> }
}

const idOf = (event: DeliveredEvent, field: string): number => {
  const value = Number(event.payload[field])
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${event.topic}: no ${field}`)
  return value
}

/** How long an alert read ahead for its batch may be used instead of reading it again. */
const READ_AHEAD_MS = 10_000

/** Alerts read ahead (`readAhead`), by the context of the job that read them: id → the read and when. */
const readAhead = new WeakMap<AlertsContext, Map<number, { spent: SpentAlert | undefined; at: number }>>()

/**
 * Reads the spent alerts of a claimed batch in three statements (issue 42: the messages of a
 * thousand alerts no longer cost the shop's database three reads each beside its checkouts). An
 * alert read this way is used for READ_AHEAD_MS; the member's marketing switch is read with it.
 */
async function readAheadSpent(events: readonly DeliveredEvent[], ctx: AlertsContext): Promise<void> {
  const now = Date.now()
  const kept = readAhead.get(ctx) ?? new Map<number, { spent: SpentAlert | undefined; at: number }>()
  readAhead.set(ctx, kept)
  for (const [id, entry] of kept) if (now - entry.at > READ_AHEAD_MS) kept.delete(id)
  const ids = [...new Set(events.map((event) => idOf(event, 'id_alert')))].filter((id) => !kept.has(id))
  const found = await spentAlerts(ctx.db, ids)
  for (const id of ids) kept.set(id, { spent: found.get(id), at: now })
}

/** The spent alert of an event: read ahead with its batch when fresh, else read now. */
async function spentAlertOf(ctx: AlertsContext, id: number): Promise<SpentAlert | undefined> {
  const ahead = readAhead.get(ctx)?.get(id)
  if (ahead && Date.now() - ahead.at <= READ_AHEAD_MS) return ahead.spent
  return spentAlert(ctx.db, id)
}

/** The message of a spent alert for one channel; nothing when there is none to send (gone, no address). */
async function sendSpent(
  event: DeliveredEvent,
  ctx: AlertsContext,
  channel: 'phone' | 'email',
): Promise<void> {
  const found = await spentAlertOf(ctx, idOf(event, 'id_alert'))
  // Turned off or deleted with its member or product: nobody to tell, nothing to retry.
  if (!found) return
  const { row, product, size, contact } = found
  if (!contact.marketingMessages) return
  const facts: AlertMessageFacts = {
    kind: row.kind as 'BACK_IN_STOCK' | 'PRICE_DROP',
    language: row.language === 'id' ? 'id' : 'en',
    productName: product.productName,
    ukuran: size?.ukuran ?? null,
    price: row.priceNow ?? product.sellingPrice,
    priceThen: row.priceThen,
    link: new URL(product.path, ctx.shopUrl).toString(),
  }
  // The provider's turn comes at the pace: the job's five handlers wait for it, so the reads and
  // the rendering before it go at that pace too.
  const inTurn = <T>(send: () => Promise<T>) => (ctx.pace ? ctx.pace[channel](send) : send())
  // The delivery's key: the same on every attempt, so a gateway that keeps keys sends once.
  if (channel === 'phone') {
    const text = alertText(facts).text
    await inTurn(() =>
      ctx.messaging.send({
        channel: ctx.phoneChannel,
        to: contact.hp,
        body: text,
        idempotencyKey: event.key,
      }),
    )
  } else if (contact.email) {
    const message = await renderAlertMessage(facts)
    const to = contact.email
    await inTurn(() =>
      ctx.mail.send({
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        idempotencyKey: event.key,
      }),
    )
  }
}

/** The alerts module's subscribers, by name (the events module's SUBSCRIBERS routes topics to them). */
export const alertHandlers: Partial<Record<SubscriberName, EventHandler<AlertsContext>>> = {
  'alerts.back_in_stock': async (event, ctx) => {
    const sku = event.payload.sku
    if (typeof sku !== 'string') throw new Error('inventory.available_again: no sku')
    await onAvailableAgain(ctx.db, event.id, sku, ctx.pace?.quiet)
  },
  'alerts.price_drop': async (event, ctx) => {
    const code = event.payload.product_code
    if (typeof code !== 'string') throw new Error('catalog.price_dropped: no product_code')
    await onPriceDropped(ctx.db, event.id, code, ctx.pace?.quiet)
  },
  'alerts.send_phone': Object.assign(
    (event: DeliveredEvent, ctx: AlertsContext) => sendSpent(event, ctx, 'phone'),
    {
      prepare: readAheadSpent,
    },
  ),
  'alerts.send_email': Object.assign(
    (event: DeliveredEvent, ctx: AlertsContext) => sendSpent(event, ctx, 'email'),
    {
      prepare: readAheadSpent,
    },
  ),
}
