import { Counter, Gauge } from 'prom-client'
import { metricsRegistry } from '@busana/server/metrics'

/*
 * The API's business counters (decision 043), on the registry GET /metrics answers
 * (@busana/server/metrics, which also counts every HTTP request and the cache lookups). The places
 * that count do it in one line, after their transaction has committed where there is one; the one
 * exception is orderStatusChanges, counted where the move is written (see moveOrder).
 */
const registers = [metricsRegistry]

/** Orders placed at checkout (after the commit; a replayed Idempotency-Key is not a new order). */
export const ordersPlaced = new Counter({
  name: 'busana_orders_placed_total',
  help: 'Orders placed, by channel (member or guest) and payment category',
  labelNames: ['channel', 'payment'] as const,
  registers,
})

/** An order's status moves (the contract's state machine), Open → Paid → Delivery → Success or → Cancel. */
export const orderStatusChanges = new Counter({
  name: 'busana_order_status_changes_total',
  help: 'Order status changes, by the status moved from and to (counted inside the moving transaction)',
  labelNames: ['from', 'to'] as const,
  registers,
})

/**
 * Payments that came to an end: paid, expired, cancelled (by the provider or the shopper), refused
 * (deny or failure), and paid_after_cancel (money for an order already cancelled: a refund due).
 */
export const paymentOutcomes = new Counter({
  name: 'busana_payments_total',
  help: 'Payments by outcome: paid, expired, cancelled, refused, paid_after_cancel',
  labelNames: ['outcome'] as const,
  registers,
})

/** Payment notifications refused, by reason (the outcome stored with them: bad_signature, …). */
export const notificationsRefused = new Counter({
  name: 'busana_payment_notifications_refused_total',
  help: 'Payment notifications refused, by reason',
  labelNames: ['reason'] as const,
  registers,
})

/**
 * Order updates to buyers (issue 28), by channel and result: sent, retrying (failed this time),
 * failed (given up). A growing `failed` or `retrying` means the provider is down.
 */
export const orderUpdatesSent = new Counter({
  name: 'busana_order_updates_total',
  help: 'Order updates to buyers by channel and result: sent, retrying, failed',
  labelNames: ['channel', 'result'] as const,
  registers,
})

export const eventsHandled = new Counter({
  name: 'busana_event_deliveries_total',
  help: "The shop's events handed to their subscribers, by subscriber and result: done, retrying, failed",
  labelNames: ['subscriber', 'result'] as const,
  registers,
})

/** Runs of the repeating jobs (src/jobs), by job and result (ok or failed). */
export const jobRuns = new Counter({
  name: 'busana_job_runs_total',
  help: 'Runs of the background jobs, by job and result (ok, failed)',
  labelNames: ['job', 'result'] as const,
  registers,
})

/** Requests refused by a rate limit (429), by the limit's name. */
export const rateLimitRefusals = new Counter({
  name: 'busana_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit name',
  labelNames: ['limit'] as const,
  registers,
})

/** What a pg pool tells of itself (node-postgres' Pool). */
interface PoolLike {
  totalCount: number
  idleCount: number
  waitingCount: number
}

const pools = new Set<PoolLike>()

/** Counts a PostgreSQL pool in the pool gauges until untracked (db/client.ts; PGlite has no pool). */
export function trackPool(pool: PoolLike): () => void {
  pools.add(pool)
  return () => pools.delete(pool)
}

/**
 * The pg pool on each scrape: clients open (total), idle, and queries waiting for one (waiting).
 * Labelled so that a process without a pool (PGlite, one connection in process) reports no value
 * rather than a misleading 0.
 */
new Gauge({
  name: 'busana_db_pool_clients',
  help: 'PostgreSQL pool: clients open (state="total"), idle (state="idle"), queries waiting for one (state="waiting")',
  labelNames: ['state'] as const,
  registers,
  collect() {
    if (pools.size === 0) return
    const sum = (read: (pool: PoolLike) => number) =>
      [...pools].reduce((total, pool) => total + read(pool), 0)
    this.set(
      { state: 'total' },
      sum((pool) => pool.totalCount),
    )
    this.set(
      { state: 'idle' },
      sum((pool) => pool.idleCount),
    )
    this.set(
      { state: 'waiting' },
      sum((pool) => pool.waitingCount),
    )
  },
})

/**
 * PAY NOW presses refused from the sizes the process knows are sold out, without reading the stock
 * (inventory's sold-out.ts, issue 41).
 */
export const soldOutRefusals = new Counter({
  name: 'busana_sold_out_refusals_total',
  help: 'PAY NOW presses refused from the sold-out memory, after a fence, without reading the stock',
  registers,
})

/** The sold-out memory's fences, by outcome (heard, or unheard: lost or late), and the presses they served. */
export const soldOutFences = new Counter({
  name: 'busana_sold_out_fences_total',
  help: "Fences of the sold-out memory, by outcome (heard, unheard); 'waiters' counts the presses served",
  labelNames: ['outcome'] as const,
  registers,
})
