import { and, asc, eq, inArray, lt, lte, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { domainEvents, eventDeliveries } from '../../db/schema/index.ts'
import { eventsHandled } from '../../metrics.ts'

/**
 * The shop's events (issue 42, decision 056): a module publishes what happened in the transaction
 * of its change, and each subscriber named for the topic gets it once, after commit, from the
 * events job, with the claim, retry and give-up of order updates (decision 048).
 */

/**
 * Who hears each topic: the subscribers' names, one delivery each. A topic without subscribers is
 * still recorded. A subscriber's handler is given to `handleDueEvents` by whoever runs the job
 * (`../../jobs/events.ts`), so this module never imports the modules that subscribe.
 */
export const SUBSCRIBERS = {
  /** A size that could not be bought can be bought again: `{ sku }` (inventory). */
  'inventory.available_again': ['alerts.back_in_stock'],
  /** The price a shopper pays for a product fell: `{ product_code, price }` (catalog). */
  'catalog.price_dropped': ['alerts.price_drop'],
  /** An alert was spent and its member is to hear of it: `{ id_alert }` (alerts). */
  'alerts.alert_spent': ['alerts.send_phone', 'alerts.send_email'],
  /** An order's way to pay was issued: the order is placed (payments). The rest: `{ id_sales_header }`. */
  'order.placed': ['order_updates.queue'],
  /** An order moved to Paid, Delivery, Success (order-lifecycle). */
  'order.paid': ['order_updates.queue'],
  'order.shipped': ['order_updates.queue'],
  'order.delivered': ['order_updates.queue'],
  /** An order was cancelled: by staff or a failed payment, or past its deadline unpaid (order-lifecycle). */
  'order.cancelled': ['order_updates.queue'],
  'order.expired': ['order_updates.queue'],
  /** Money arrived for a cancelled order: its total is a refund due (order-lifecycle). */
  'order.refund_due': ['order_updates.queue'],
  /** A return moved (returns): `{ id_sales_header, return_number, language }`. */
  'return.approved': ['order_updates.queue'],
  'return.rejected': ['order_updates.queue'],
  'return.received': ['order_updates.queue'],
  'return.refunded': ['order_updates.queue'],
  'return.exchange_shipped': ['order_updates.queue'],
} as const satisfies Record<string, readonly string[]>

export type Topic = keyof typeof SUBSCRIBERS
export type SubscriberName = (typeof SUBSCRIBERS)[Topic][number]

/** What a subscriber is handed. `key` is the delivery's idempotency key: the same on every attempt. */
export interface DeliveredEvent {
  id: number
  topic: Topic
  payload: Record<string, unknown>
  key: string
  attempt: number
}

export type EventHandler<C> = ((event: DeliveredEvent, ctx: C) => Promise<void>) & {
  /**
   * Reads ahead for the events of this subscriber among a claimed batch, before they are handed
   * over one by one (a thousand alerts' messages read in twenty statements, not three thousand:
   * issue 42). Optional; a failure is logged and the handler reads for itself.
   */
  prepare?: (events: readonly DeliveredEvent[], ctx: C) => Promise<void>
}

/** The PostgreSQL channel that wakes the events job when events are published (delivered at commit). */
export const EVENTS_CHANNEL = 'busana_events'

/** How long one process holds a claimed delivery before another may take it over (it died). */
export const CLAIM_MS = 5 * 60_000
/** Attempts before a delivery is given up (failed): about 9 hours of retries. */
export const MAX_ATTEMPTS = 10
/** The wait before attempt n + 1: 30 s doubling, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)

/** Events per statement when many are published at once. */
const CHUNK = 500

/**
 * Publishes events of `topic` inside the transaction `tx` of the change (one per payload): each is
 * written with one delivery per subscriber, and the job is woken at commit (NOTIFY is
 * transactional: a rollback publishes nothing). One statement per 500 events, so an order's
 * transaction pays one round trip for its event (issue 41). Answers the events' ids, in the
 * payloads' order.
 */
export async function publish(
  tx: Transaction,
  topic: Topic,
  payloads: readonly Record<string, unknown>[],
): Promise<number[]> {
  const ids: number[] = []
  const subscribers: readonly string[] = SUBSCRIBERS[topic]
  for (let i = 0; i < payloads.length; i += CHUNK) {
    const chunk = JSON.stringify(payloads.slice(i, i + CHUNK))
    const result = await tx.execute<{ ids: string[] | null }>(sql`
      with written as (
        insert into ${domainEvents} (topic, payload)
        select ${topic}, p.value from jsonb_array_elements(${chunk}::jsonb) with ordinality as p(value, n)
        order by p.n
        returning id
      ), handed as (
        insert into ${eventDeliveries} (event_id, subscriber)
        select written.id, s.name
        from written cross join jsonb_array_elements_text(${JSON.stringify(subscribers)}::jsonb) as s(name)
      )
      select array_agg(id order by id)::text[] as ids,
        ${subscribers.length > 0 ? sql`case when count(*) > 0 then pg_notify(${EVENTS_CHANNEL}, '')::text end` : sql`null`} as notified
      from written`)
    const rows = (result as unknown as { rows: { ids: string[] | null }[] }).rows
    ids.push(...(rows[0]?.ids ?? []).map(Number))
  }
  return ids
}

/**
 * A change and its events in one statement, without a transaction (one statement commits whole):
 * `change` is the owning module's insert, update or delete, built and not run, with RETURNING a
 * jsonb column named `payload`; each row it changes is published as an event of `topic` with that
 * payload, and the job is woken. A change of no rows publishes nothing. Answers the rows changed.
 * The charge's "issued" and its `order.placed` are written so: one round trip, not four (issue 41).
 */
export async function publishChange(db: Db, change: SQLWrapper, topic: Topic): Promise<number> {
  const subscribers: readonly string[] = SUBSCRIBERS[topic]
  const result = await db.execute(sql`
    with changed as ${change}, written as (
      insert into ${domainEvents} (topic, payload)
      select ${topic}, changed.payload from changed
      returning id
    ), handed as (
      insert into ${eventDeliveries} (event_id, subscriber)
      select written.id, s.name
      from written cross join jsonb_array_elements_text(${JSON.stringify(subscribers)}::jsonb) as s(name)
    )
    select (select count(*) from changed)::int as changed,
      ${subscribers.length > 0 ? sql`case when (select count(*) from written) > 0 then pg_notify(${EVENTS_CHANNEL}, '')::text end` : sql`null`} as notified`)
  const rows = (result as unknown as { rows: { changed: number | string }[] }).rows
  return Number(rows[0]?.changed ?? 0)
}

export interface EventsContext<C> {
  db: Db
  /** The handler of each subscriber this process runs; a delivery of another waits (retried, then failed). */
  handlers: Partial<Record<SubscriberName, EventHandler<C>>>
  /** What the handlers are given besides the event. */
  handlerContext: C
  log: { warn(obj: object, msg: string): void }
  claimMs?: number
}

export interface HandleResult {
  done: number
  retrying: number
  failed: number
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * Claims up to `batch` deliveries that are due (pending and past next_attempt_at, or claimed by a
 * process whose claim ran out) for this process alone, in one statement (SKIP LOCKED), with their
 * events.
 */
async function claimDue(db: Db, now: number, batch: number, claimMs: number) {
  const at = new Date(now)
  const due = db
    .select({ eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber })
    .from(eventDeliveries)
    .where(
      or(
        and(eq(eventDeliveries.state, 'pending'), lte(eventDeliveries.nextAttemptAt, at)),
        and(eq(eventDeliveries.state, 'handling'), lt(eventDeliveries.claimedUntil, at)),
      ),
    )
    .orderBy(asc(eventDeliveries.nextAttemptAt), asc(eventDeliveries.eventId))
    .limit(batch)
    .for('update', { skipLocked: true })
  const claimed = await db
    .update(eventDeliveries)
    .set({
      state: 'handling',
      claimedUntil: new Date(now + claimMs),
      attempts: sql`${eventDeliveries.attempts} + 1`,
    })
    .where(sql`(${eventDeliveries.eventId}, ${eventDeliveries.subscriber}) in ${due}`)
    .returning()
  if (claimed.length === 0) return []
  const events = await db
    .select()
    .from(domainEvents)
    .where(
      inArray(
        domainEvents.id,
        claimed.map((c) => c.eventId),
      ),
    )
  const byId = new Map(events.map((event) => [event.id, event]))
  return claimed
    .sort((a, b) => a.eventId - b.eventId || a.subscriber.localeCompare(b.subscriber))
    .map((delivery) => ({ delivery, event: byId.get(delivery.eventId)! }))
}

/**
 * Hands the due deliveries to their subscribers, `batch` claimed at a time and `concurrency` at
 * once (an order's own events one after another, in the order published), until none is left: a
 * handler that resolves has its delivery marked done with the rest of its batch (`markDone`); a
 * handler that throws has it retried after a growing wait, up to MAX_ATTEMPTS, then failed. A
 * process that dies mid-handling leaves the claim to run out: the delivery is handed over again
 * with the same key, so a handler that sends on that key sends once as far as its provider keeps
 * keys.
 */
export async function handleDueEvents<C>(
  ctx: EventsContext<C>,
  options: { now?: () => number; batch?: number; concurrency?: number } = {},
): Promise<HandleResult> {
  const now = options.now ?? Date.now
  const result: HandleResult = { done: 0, retrying: 0, failed: 0 }
  for (;;) {
    const claimed = await claimDue(ctx.db, now(), options.batch ?? 50, ctx.claimMs ?? CLAIM_MS)
    if (claimed.length === 0) return result
    await prepareBatch(ctx, claimed)
    // One chain per order (in the order published): an order's messages never overtake each other.
    const chains = new Map<string, typeof claimed>()
    for (const next of claimed) {
      const key = sequenceKey(next.event)
      chains.set(key, [...(chains.get(key) ?? []), next])
    }
    const queue = [...chains.values()]
    const handled: Handled[] = []
    const worker = async () => {
      for (let chain = queue.shift(); chain; chain = queue.shift()) {
        for (const next of chain) await handleOne(ctx, next.delivery, next.event, now, result, handled)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 5) }, worker))
    await markDone(ctx, handled, now())
  }
}

/** What a subscriber is handed for a claimed delivery of an event. */
const deliveredOf = (
  delivery: typeof eventDeliveries.$inferSelect,
  event: typeof domainEvents.$inferSelect,
): DeliveredEvent => ({
  id: event.id,
  topic: event.topic as Topic,
  payload: event.payload as Record<string, unknown>,
  key: `${event.id}:${delivery.subscriber}`,
  attempt: delivery.attempts,
})

/** Hands each subscriber with a `prepare` its events of the batch, to read ahead for them. */
async function prepareBatch<C>(
  ctx: EventsContext<C>,
  claimed: readonly {
    delivery: typeof eventDeliveries.$inferSelect
    event: typeof domainEvents.$inferSelect
  }[],
): Promise<void> {
  const bySubscriber = new Map<SubscriberName, DeliveredEvent[]>()
  for (const { delivery, event } of claimed) {
    const name = delivery.subscriber as SubscriberName
    if (!ctx.handlers[name]?.prepare) continue
    bySubscriber.set(name, [...(bySubscriber.get(name) ?? []), deliveredOf(delivery, event)])
  }
  for (const [name, events] of bySubscriber) {
    try {
      await ctx.handlers[name]!.prepare!(events, ctx.handlerContext)
    } catch (error) {
      ctx.log.warn(
        { subscriber: name, events: events.length, error: errorText(error) },
        'reading ahead failed',
      )
    }
  }
}

/** A delivery its handler finished, as claimed (the claim's attempt guards the mark). */
type Handled = Pick<typeof eventDeliveries.$inferSelect, 'eventId' | 'subscriber' | 'attempts'>

/**
 * Marks the batch's finished deliveries done in one statement, guarded by each one's claim (a
 * process whose claim ran out and was taken over does not overwrite the new holder's outcome). One
 * statement per batch rather than per delivery: a thousand alerts' messages cost the database a
 * twentieth of the writes beside the shop's checkouts (issue 42). A process that dies before it
 * leaves the claims to run out, and the deliveries are handed over again with the same keys, as
 * for a death mid-handling.
 */
async function markDone<C>(ctx: EventsContext<C>, handled: Handled[], now: number): Promise<void> {
  if (handled.length === 0) return
  const claims = sql.join(
    handled.map((h) => sql`(${h.eventId}::bigint, ${h.subscriber}::varchar, ${h.attempts}::int)`),
    sql`, `,
  )
  try {
    await ctx.db
      .update(eventDeliveries)
      .set({ state: 'done', doneAt: new Date(now), claimedUntil: null, lastError: null })
      .where(
        and(
          eq(eventDeliveries.state, 'handling'),
          sql`(${eventDeliveries.eventId}, ${eventDeliveries.subscriber}, ${eventDeliveries.attempts}) in (${claims})`,
        ),
      )
  } catch (error) {
    ctx.log.warn(
      { deliveries: handled.length, error: errorText(error) },
      'event deliveries handled but not marked done; handed over again when their claims run out',
    )
  }
}

/**
 * What orders a delivery among those claimed together: the events of one order (`id_sales_header`
 * in the payload: its placed, paid, cancelled … and its returns' moves) are handed over one after
 * another in the order they were published, so a buyer never hears of an expiry before the order;
 * any other event stands alone.
 */
function sequenceKey(event: typeof domainEvents.$inferSelect): string {
  const order = (event.payload as Record<string, unknown>).id_sales_header
  return typeof order === 'string' ? `order:${order}` : `event:${event.id}`
}

async function handleOne<C>(
  ctx: EventsContext<C>,
  delivery: typeof eventDeliveries.$inferSelect,
  event: typeof domainEvents.$inferSelect,
  now: () => number,
  result: HandleResult,
  handled: Handled[],
): Promise<void> {
  const mine = and(
    eq(eventDeliveries.eventId, delivery.eventId),
    eq(eventDeliveries.subscriber, delivery.subscriber),
    eq(eventDeliveries.state, 'handling'),
    eq(eventDeliveries.attempts, delivery.attempts),
  )
  try {
    const handler = ctx.handlers[delivery.subscriber as SubscriberName]
    if (!handler) throw new Error(`no handler for ${delivery.subscriber} in this process`)
    await handler(deliveredOf(delivery, event), ctx.handlerContext)
    handled.push(delivery)
    result.done++
    eventsHandled.inc({ subscriber: delivery.subscriber, result: 'done' })
  } catch (error) {
    const givingUp = delivery.attempts >= MAX_ATTEMPTS
    await ctx.db
      .update(eventDeliveries)
      .set({
        state: givingUp ? 'failed' : 'pending',
        claimedUntil: null,
        lastError: errorText(error),
        nextAttemptAt: new Date(now() + backoffMs(delivery.attempts)),
      })
      .where(mine)
    if (givingUp) result.failed++
    else result.retrying++
    eventsHandled.inc({ subscriber: delivery.subscriber, result: givingUp ? 'failed' : 'retrying' })
    ctx.log.warn(
      {
        event: event.id,
        topic: event.topic,
        subscriber: delivery.subscriber,
        attempt: delivery.attempts,
        error: errorText(error),
      },
      givingUp ? 'event delivery failed for the last time' : 'event delivery failed; retried later',
    )
  }
}

/** Removes events whose every delivery is done, older than `olderThanMs` (housekeeping). */
export async function pruneHandledEvents(
  db: Db,
  now: number,
  olderThanMs = 30 * 24 * 3600_000,
): Promise<number> {
  const removed = await db.execute(sql`
    delete from ${domainEvents} e
    where e.created_at < ${new Date(now - olderThanMs)}
      and not exists (select 1 from ${eventDeliveries} d where d.event_id = e.id and d.state <> 'done')`)
  return (
    (removed as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (removed as unknown as { affectedRows?: number }).affectedRows ??
    0
  )
}
