import type { Database } from '../db/client.ts'
import { alertHandlers, type AlertsContext } from '../domains/alerts/index.ts'
import {
  EVENTS_CHANNEL,
  handleDueEvents,
  type EventHandler,
  type EventsContext,
  type SubscriberName,
} from '../domains/events/index.ts'
import { orderUpdateHandlers, type OrderEventsContext } from '../domains/order-updates/index.ts'
import { orderBuyer } from '../domains/orders/index.ts'
import { startRepeating, type JobLog, type YieldTo } from './repeat.ts'

/** How often a running API process looks for events due (retries, other processes' work). */
export const EVENTS_INTERVAL_MS = 15_000

/** What every subscriber is given: the alerts' context and the order updates'. */
export type EventsHandlerContext = AlertsContext & OrderEventsContext

/** Every subscriber this process runs, by name (the events module routes topics to them). */
export const eventHandlers: Partial<Record<SubscriberName, EventHandler<EventsHandlerContext>>> = {
  ...alertHandlers,
  ...orderUpdateHandlers,
}

/**
 * Hands the shop's events to their subscribers (issue 42, decision 056): a second after start,
 * every 15 seconds for retries, and at once when any process commits a published event (NOTIFY on
 * EVENTS_CHANNEL; PGlite in process). Claims with SKIP LOCKED make it safe on any number of
 * processes. Resolves with a stop function.
 */
export async function startEvents(
  ctx: AlertsContext & { log: EventsContext<AlertsContext>['log'] & JobLog; claimMs?: number },
  database: Pick<Database, 'listen'>,
  options: { firstRunMs?: number; intervalMs?: number; yieldTo?: YieldTo } = {},
): Promise<() => Promise<void>> {
  const { log, claimMs, ...alertsContext } = ctx
  // Order updates read an order's buyer through the orders module, which imports them (issue 42).
  const handlerContext: EventsHandlerContext = { ...alertsContext, readBuyer: orderBuyer }
  const job = startRepeating(
    'events',
    () => handleDueEvents({ db: ctx.db, handlers: eventHandlers, handlerContext, log, claimMs }),
    log,
    {
      firstRunMs: options.firstRunMs ?? 1_000,
      intervalMs: options.intervalMs ?? EVENTS_INTERVAL_MS,
      yieldTo: options.yieldTo,
    },
    (result) => {
      if (result.done + result.retrying + result.failed > 0) log.info({ ...result }, 'events handled')
    },
  )
  const stopListening = await database.listen(EVENTS_CHANNEL, () => job.runSoon())
  return async () => {
    await stopListening()
    await job()
  }
}
