import { runDeliveryCheck, type TrackingContext } from '../domains/orders/index.ts'
import { startRepeating, type JobLog } from './repeat.ts'

/** How often a running API process asks couriers about parcels on their way. */
export const DELIVERY_CHECK_INTERVAL_MS = 30 * 60_000

/**
 * Runs the delivery check (issue 10) a minute after start and then every 30 minutes: orders in
 * Delivery for over an hour are tracked, and those the courier reports delivered move to Success
 * (their lines open for review). Guarded moves make it safe on any number of processes. Returns a
 * stop function.
 */
export function startDeliveryCheck(
  ctx: TrackingContext & { log: TrackingContext['log'] & JobLog },
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => Promise<void> {
  return startRepeating(
    'delivery check',
    () => runDeliveryCheck(ctx),
    ctx.log,
    {
      firstRunMs: options.firstRunMs ?? 60_000,
      intervalMs: options.intervalMs ?? DELIVERY_CHECK_INTERVAL_MS,
    },
    (delivered) => {
      if (delivered > 0) ctx.log.info({ delivered }, 'delivery check: orders delivered')
    },
  )
}
