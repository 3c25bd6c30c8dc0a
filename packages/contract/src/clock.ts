/**
 * The shop's clock: a fixed UTC+7 (WIB, Asia/Jakarta, which keeps no daylight saving), whatever
 * the zone of the server or of the shopper's browser (docs/product/shopping.md §2 and 9).
 */

/** The shop's IANA zone, for Intl.DateTimeFormat. */
export const SHOP_TIME_ZONE = 'Asia/Jakarta'

/** UTC+7 in milliseconds. */
export const SHOP_UTC_OFFSET_MS = 7 * 60 * 60 * 1000

/**
 * The instant as a Date whose UTC fields (getUTCFullYear, getUTCHours…) read the shop's wall
 * clock. Only for reading those fields: it is not the same instant.
 */
export function shopClock(instant: number | Date): Date {
  const time = instant instanceof Date ? instant.getTime() : instant
  return new Date(time + SHOP_UTC_OFFSET_MS)
}

/** The shop's calendar year at an instant (the footer's copyright year). */
export const shopYear = (instant: number | Date): number => shopClock(instant).getUTCFullYear()

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const twoDigits = (n: number) => String(n).padStart(2, '0')

/**
 * 'DD MMM YYYY HH:mm WIB' of an instant on the shop's clock, whatever the runtime's zone
 * (docs/product/shopping.md sections 2 and 9). Read off `shopClock`, not an Intl formatter with a time zone:
 * the first such formatter loads the browser's zone data, a long task on a phone (decision 040).
 */
export function formatWib(instant: number | Date): string {
  const wall = shopClock(instant)
  return (
    `${twoDigits(wall.getUTCDate())} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()} ` +
    `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())} WIB`
  )
}

/**
 * ISO 8601 on the shop's clock, to the second: '2025-01-31T23:59:00+07:00' (docs/product/shopping.md §9,
 * end_at). Null for null or an unreadable date.
 */
export function shopIsoString(value: Date | string | null): string | null {
  if (value === null) return null
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  if (!Number.isFinite(time)) return null
  return shopClock(time)
    .toISOString()
    .replace(/\.\d{3}Z$/, '+07:00')
}

/** Midnight on the shop's clock of the day `instant` falls on, as a timestamp. */
export function shopMidnight(instant: number | Date): number {
  const day = 24 * 60 * 60 * 1000
  const time = instant instanceof Date ? instant.getTime() : instant
  return Math.floor((time + SHOP_UTC_OFFSET_MS) / day) * day - SHOP_UTC_OFFSET_MS
}

/**
 * The instant of a wall-clock time on the shop's clock: `shopInstant('2024-08-25', '23:59:59')` is
 * 2024-08-25T16:59:59Z. For voucher windows and other times docs/product gives in WIB. Throws a
 * RangeError for a date or time that is not written YYYY-MM-DD and HH:mm[:ss].
 */
export function shopInstant(date: string, time = '00:00:00'): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) {
    throw new RangeError(`expected YYYY-MM-DD and HH:mm[:ss], got '${date}' '${time}'`)
  }
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`)
  if (!Number.isFinite(wall)) throw new RangeError(`not a date: '${date}' '${time}'`)
  return wall - SHOP_UTC_OFFSET_MS
}
