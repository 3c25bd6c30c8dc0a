/**
 * How long a row has waited, or how long it has left, in one rounded unit (issue 30): a Paid row
 * shows "waiting 2 h" since its payment, an Open row "runs out in 35 min" before its deadline.
 */
export type Span = { unit: 'minutes' | 'hours' | 'days'; count: number }

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Whole minutes under an hour (at least 1), whole hours under two days, then whole days. */
export function spanOf(ms: number): Span {
  const length = Math.max(0, ms)
  if (length < HOUR) return { unit: 'minutes', count: Math.max(1, Math.floor(length / MINUTE)) }
  if (length < 48 * HOUR) return { unit: 'hours', count: Math.floor(length / HOUR) }
  return { unit: 'days', count: Math.floor(length / (24 * HOUR)) }
}
