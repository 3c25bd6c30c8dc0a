import { runPaymentExpiry, type PaymentContext } from '../domains/payments/payments.service.ts'

/** How often a running API process cancels unpaid orders past their deadline. */
export const PAYMENT_EXPIRY_INTERVAL_MS = 60_000

/**
 * Runs the payment expiry (decision 020) 5 seconds after start and then every minute: Open orders
 * past expired_time are cancelled and their stock and voucher use returned, each exactly once
 * however many processes run this (row locks with SKIP LOCKED and a guarded update, not process
 * memory). A failed run is logged and retried at the next tick; the timers never keep the process
 * alive. Returns a stop function.
 */
export function startPaymentExpiry(
  ctx: PaymentContext & { log: PaymentContext['log'] & { error(obj: object, msg: string): void } },
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => void {
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      const cancelled = await runPaymentExpiry(ctx)
      if (cancelled > 0) ctx.log.info({ cancelled }, 'payment expiry: unpaid orders cancelled')
    } catch (error) {
      ctx.log.error({ err: error }, 'payment expiry failed')
    } finally {
      running = false
    }
  }
  const first = setTimeout(() => void run(), options.firstRunMs ?? 5_000)
  const every = setInterval(() => void run(), options.intervalMs ?? PAYMENT_EXPIRY_INTERVAL_MS)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
