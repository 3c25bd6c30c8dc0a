import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { salesHeaders } from './orders.ts'

/**
 * Every status change of an order (issue 10): who (customer, payment, system, courier or
 * staff:<email>), when, from and to (from is null when the order is placed), with a note (a
 * waybill, a cancel reason). Written in the transaction of the change itself.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    actor: varchar('actor', { length: 300 }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.idSalesHeader, t.id)],
)
