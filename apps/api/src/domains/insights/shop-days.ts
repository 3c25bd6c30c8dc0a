import { shopClock, shopMidnight } from '@busana/contract/schemas'

export const DAY_MS = 24 * 60 * 60 * 1000

/** The shop date (UTC+7) an instant falls on: 'YYYY-MM-DD'. */
export const shopDateOf = (instant: number | Date): string => shopClock(instant).toISOString().slice(0, 10)

/** A window of time: from inclusive, to exclusive. */
export interface Window {
  from: number
  to: number
}

/**
 * The home's periods (decision 050): today, the last 7 and the last 30 shop days, each ending now;
 * its "previous" is the same stretch just before, cut at the same time of day (today until 14:18
 * against yesterday until 14:18), so a period under way is never compared with a whole one.
 */
export function periodWindows(days: number, now: number): { current: Window; previous: Window } {
  const from = shopMidnight(now) - (days - 1) * DAY_MS
  const span = days * DAY_MS
  return { current: { from, to: now }, previous: { from: from - span, to: now - span } }
}
