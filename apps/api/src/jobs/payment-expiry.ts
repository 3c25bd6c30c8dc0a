import { runPaymentExpiry, type PaymentContext } from '../domains/payments/index.ts'
import { releaseStaleClaims } from '../domains/inventory/index.ts'
import { orderHeaderStore } from '../domains/orders/index.ts'
import { startRepeating, type JobLog } from './repeat.ts'

/** How often a running API process cancels unpaid orders past their deadline. */
export const PAYMENT_EXPIRY_INTERVAL_MS = 60_000

/**
 * Runs the payment expiry (decision 020) 5 seconds after start and then every minute: Open orders
 * past expired_time are cancelled and their stock and voucher use returned, each exactly once
 * however many processes run this (row locks with SKIP LOCKED and a guarded update, not process
 * memory). First, PAY NOW claims older than CLAIM_TTL_MS (a process died between a press's claim
 * and its order, inventory's claims.ts) are given back to stock. A failed run is logged and retried at the next tick; the timers never keep the process
 * alive. The orders are read and cancelled through the orders module's orderHeaderStore unless `ctx`
 * brings its own store (payments cannot import orders, which imports it; issue 42). Returns a stop
 * function.
 */
export function startPaymentExpiry(
  ctx: Omit<PaymentContext, 'headers'> &
    Partial<Pick<PaymentContext, 'headers'>> & { log: PaymentContext['log'] & JobLog },
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => Promise<void> {
  return startRepeating(
    'payment expiry',
    async () => ({
      claims: await releaseStaleClaims(ctx.db),
      cancelled: await runPaymentExpiry({ ...ctx, headers: ctx.headers ?? orderHeaderStore }),
    }),
    ctx.log,
    { firstRunMs: options.firstRunMs ?? 5_000, intervalMs: options.intervalMs ?? PAYMENT_EXPIRY_INTERVAL_MS },
    ({ claims, cancelled }) => {
      if (claims > 0) ctx.log.warn({ claims }, 'payment expiry: stale PAY NOW claims given back to stock')
      if (cancelled > 0) ctx.log.info({ cancelled }, 'payment expiry: unpaid orders cancelled')
    },
  )
}
