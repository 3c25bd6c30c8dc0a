import type { Database } from '../db/client.ts'
import {
  ORDER_UPDATES_CHANNEL,
  sendDueOrderUpdates,
  type OrderUpdateContext,
} from '../domains/order-updates/index.ts'
import { loadOrderMessageFacts } from '../domains/orders/index.ts'
import { loadReturnFacts } from '../domains/returns/index.ts'
import { startRepeating, type JobLog, type YieldTo } from './repeat.ts'

/** How often a running API process looks for order updates due (retries, other processes' work). */
export const ORDER_UPDATES_INTERVAL_MS = 15_000

/**
 * Sends the buyers' order updates (issue 28, decision 048): a second after start, every 15 seconds
 * for retries, and at once when any process commits a status change that queued one (PostgreSQL
 * NOTIFY on ORDER_UPDATES_CHANNEL, heard by every process; PGlite in process). Claims with SKIP
 * LOCKED make it safe on any number of processes. The messages are rendered with the orders
 * module's loadOrderMessageFacts and the returns module's loadReturnFacts unless `ctx` brings its
 * own loaders. Resolves with a stop function.
 */
export async function startOrderUpdates(
  ctx: Omit<OrderUpdateContext, 'loadOrder'> &
    Partial<Pick<OrderUpdateContext, 'loadOrder'>> & { log: OrderUpdateContext['log'] & JobLog },
  database: Pick<Database, 'listen'>,
  options: { firstRunMs?: number; intervalMs?: number; yieldTo?: YieldTo } = {},
): Promise<() => Promise<void>> {
  const job = startRepeating(
    'order updates',
    // The messages read the order through the orders module and a return through the returns
    // module (issues 40 and 42), which import order-updates and so cannot be imported by it.
    () => sendDueOrderUpdates({ loadOrder: loadOrderMessageFacts, loadReturn: loadReturnFacts, ...ctx }),
    ctx.log,
    {
      firstRunMs: options.firstRunMs ?? 1_000,
      intervalMs: options.intervalMs ?? ORDER_UPDATES_INTERVAL_MS,
      yieldTo: options.yieldTo,
    },
    (result) => {
      if (result.sent + result.retrying + result.failed > 0) ctx.log.info({ ...result }, 'order updates sent')
    },
  )
  const stopListening = await database.listen(ORDER_UPDATES_CHANNEL, () => job.runSoon())
  return async () => {
    await stopListening()
    await job()
  }
}
