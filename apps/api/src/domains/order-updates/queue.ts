import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Transaction } from '../../db/client.ts'
import { orderUpdates } from '../../db/schema/index.ts'
import {
  isReturnMoment,
  type MessageLanguage,
  type OrderBuyer,
  type OrderMoment,
  type ReturnMoment,
} from './facts.ts'
import { channelsFor, currentOrderUpdateSettings, type OrderUpdateSettings } from './settings.ts'

/** The PostgreSQL channel that wakes the sender when updates are queued (delivered at commit). */
export const ORDER_UPDATES_CHANNEL = 'busana_order_updates'

/** A fresh idempotency key: the moment and a random id (nothing a stranger could use). */
export const newIdempotencyKey = (moment: OrderMoment) => `${moment}-${randomUUID()}`

/**
 * Queues the buyer's messages for a moment of an order inside the transaction `tx` that makes the
 * change (the outbox, decision 048): one row per channel the shop sends this moment by and the
 * buyer can be reached on, in the language the order was placed in. E-mail only to a member's
 * account address: a guest proved a phone, not the e-mail typed at checkout, so a guest's order
 * hears by WhatsApp or SMS alone (issue 38, decision 053). A moment already queued for
 * an order and channel is not queued again (the partial unique index), so a replay changes
 * nothing. Wakes the sender at commit (NOTIFY is transactional: a rollback sends nothing). Answers
 * how many rows it wrote. A return's moments go through queueReturnUpdate, which names the return.
 */
export async function queueOrderUpdate(
  tx: Transaction,
  update: { idSalesHeader: string; moment: OrderMoment; buyer: OrderBuyer | null },
  settings: OrderUpdateSettings = currentOrderUpdateSettings(),
): Promise<number> {
  if (isReturnMoment(update.moment))
    throw new Error(`${update.moment} is a return's moment: queue it with queueReturnUpdate`)
  return queue(tx, { ...update, ref: '' }, settings)
}

/**
 * Queues the buyer's messages for a moment of a return (issue 40) inside the transaction that moves
 * the return, like queueOrderUpdate: the same channels (e-mail to a member's account address only),
 * the same switches (ORDER_UPDATES_OFF), a NOTIFY at commit. The row's `ref` is the return's number,
 * so each return hears of each moment once per channel (a replay writes nothing; two returns of one
 * order each get theirs). Written in the order's language unless `language` (the return's) is given.
 * Answers how many rows it wrote.
 */
export async function queueReturnUpdate(
  tx: Transaction,
  update: {
    idSalesHeader: string
    returnNumber: string
    moment: ReturnMoment
    buyer: OrderBuyer | null
    language?: MessageLanguage
  },
  settings: OrderUpdateSettings = currentOrderUpdateSettings(),
): Promise<number> {
  const { idSalesHeader, returnNumber, moment, buyer, language } = update
  if (!isReturnMoment(moment)) throw new Error(`${String(moment)} is not a return's moment`)
  // The column's width, and '' is the order's own moments.
  if (!returnNumber || returnNumber.length > 32) throw new Error(`not a return number: '${returnNumber}'`)
  return queue(tx, { idSalesHeader, moment, ref: returnNumber, buyer, language }, settings)
}

async function queue(
  tx: Transaction,
  update: {
    idSalesHeader: string
    moment: OrderMoment
    ref: string
    /** The order's buyer (orders' orderBuyer, read in this transaction); null: no such order. */
    buyer: OrderBuyer | null
    language?: MessageLanguage
  },
  settings: OrderUpdateSettings,
): Promise<number> {
  const { idSalesHeader, moment, ref } = update
  const order = update.buyer
  if (!order) return 0
  const channels = channelsFor(
    moment,
    { phone: order.buyerPhone, email: order.isGuest ? null : order.buyerEmail },
    settings,
  )
  if (channels.length === 0) return 0
  const language = update.language ?? (order.language === 'id' ? 'id' : 'en')
  const insert = tx
    .insert(orderUpdates)
    .values(
      channels.map(({ channel, recipient }) => ({
        idSalesHeader,
        moment,
        ref,
        channel,
        recipient,
        language,
        idempotencyKey: newIdempotencyKey(moment),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: orderUpdates.id })
  // The rows and the wake-up in one statement.
  const result = await tx.execute<{ written: number }>(sql`
    with written as (${insert.getSQL()})
    select count(*)::int as written,
      case when count(*) > 0 then pg_notify(${ORDER_UPDATES_CHANNEL}, '')::text end as notified
    from written`)
  return Number((result as unknown as { rows: { written: number }[] }).rows[0]?.written ?? 0)
}
