import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

/**
 * The shop's events (issue 42, docs/decisions/056-events-outbox.md): a module publishes an event in
 * the transaction of its change (`inventory.available_again`, `catalog.price_dropped`, …), with one
 * delivery row per subscriber named for its topic, and the events job hands each delivery to its
 * subscriber after commit. Owned by the events module.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `<module>.<what happened>`, e.g. inventory.available_again. */
    topic: varchar('topic', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_created_idx').on(t.createdAt)],
)

/**
 * One event for one subscriber. `state`: pending (waiting for its next attempt), handling (claimed
 * by one process until `claimed_until`), done, failed (gave up after the last attempt). The key
 * `<event id>:<subscriber>` is the idempotency key the subscriber sends on.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: varchar('subscriber', { length: 64 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    check('event_deliveries_state', sql`${t.state} in ('pending', 'handling', 'done', 'failed')`),
    // What the job looks for: deliveries still to hand over.
    index('event_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'handling')`),
  ],
)
