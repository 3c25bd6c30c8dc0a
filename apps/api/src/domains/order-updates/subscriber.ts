import type { Db } from '../../db/client.ts'
import type { DeliveredEvent, EventHandler, SubscriberName, Topic } from '../events/index.ts'
import type { OrderBuyerReader, OrderMoment, ReturnMoment } from './facts.ts'
import { queueOrderUpdate, queueReturnUpdate } from './queue.ts'

/**
 * Order updates hear of orders and returns through the shop's events (issue 42, decision 056): the
 * module that moves an order or a return publishes what happened in its transaction, and this
 * subscriber queues the buyer's messages after commit (one row per channel, decision 048), which
 * the sender then delivers. Queueing is idempotent (one row per order, moment, return and channel),
 * so a delivery handed over twice writes nothing the second time.
 */

/** The buyer's message for each topic of an order. */
const ORDER_TOPICS = {
  'order.placed': 'placed',
  'order.paid': 'paid',
  'order.shipped': 'shipped',
  'order.delivered': 'delivered',
  'order.cancelled': 'cancelled',
  'order.expired': 'expired',
  'order.refund_due': 'refund',
} as const satisfies Partial<Record<Topic, OrderMoment>>

/** The buyer's message for each topic of a return. */
const RETURN_TOPICS = {
  'return.approved': 'return_approved',
  'return.rejected': 'return_rejected',
  'return.received': 'return_received',
  'return.refunded': 'return_refunded',
  'return.exchange_shipped': 'exchange_shipped',
} as const satisfies Partial<Record<Topic, ReturnMoment>>

const textOf = (event: DeliveredEvent, field: string, max: number): string => {
  const value = event.payload[field]
  if (typeof value !== 'string' || value.length === 0 || value.length > max)
    throw new Error(`${event.topic}: no ${field}`)
  return value
}

/** What the subscriber is given: the database, and how to read an order's buyer (orders' orderBuyer). */
export interface OrderEventsContext {
  db: Db
  readBuyer: OrderBuyerReader
}

/** Queues the messages an order's or a return's event calls for, in one transaction. */
async function queueFor(event: DeliveredEvent, ctx: OrderEventsContext): Promise<void> {
  const idSalesHeader = textOf(event, 'id_sales_header', 64)
  if (event.topic in ORDER_TOPICS) {
    const moment = ORDER_TOPICS[event.topic as keyof typeof ORDER_TOPICS]
    await ctx.db.transaction(async (tx) =>
      queueOrderUpdate(tx, { idSalesHeader, moment, buyer: await ctx.readBuyer(tx, idSalesHeader) }),
    )
    return
  }
  if (event.topic in RETURN_TOPICS) {
    const moment = RETURN_TOPICS[event.topic as keyof typeof RETURN_TOPICS]
    const language = event.payload.language === 'id' || event.payload.language === 'en'
    await ctx.db.transaction(async (tx) =>
      queueReturnUpdate(tx, {
        idSalesHeader,
        buyer: await ctx.readBuyer(tx, idSalesHeader),
        returnNumber: textOf(event, 'return_number', 32),
        moment,
        ...(language ? { language: event.payload.language as 'id' | 'en' } : {}),
      }),
    )
    return
  }
  throw new Error(`order updates do not hear ${event.topic}`)
}

/** The order updates' subscribers, by name, for the events job. */
export const orderUpdateHandlers: Partial<Record<SubscriberName, EventHandler<OrderEventsContext>>> = {
  'order_updates.queue': queueFor,
}
