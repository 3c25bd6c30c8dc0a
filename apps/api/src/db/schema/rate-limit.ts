import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Fixed-window counters for rate limits that must hold across processes (login, forgot password,
 * code sends): `insert ... on conflict do update set hits = hits + 1 returning hits`.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)
