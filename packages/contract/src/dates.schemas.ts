import { z } from 'zod'

/**
 * The dates the shop accepts wherever a date or date-time is given (issue 38 item 7): a year-1 or
 * year-9999 date used to reach the database and fail there with a 500 ("date/time field value out
 * of range"); now it is a 400 REQ001 naming the field. No order, review, voucher or audit row is
 * older than the shop or planned past this century.
 */
export const SHOP_DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const

export interface DateRange {
  /** The first date allowed, YYYY-MM-DD (or a function, for a bound that moves with today). */
  min?: string | (() => string)
  /** The last date allowed, YYYY-MM-DD. */
  max?: string | (() => string)
  /** The refusal's words; by default "must be a date from <min> to <max>". */
  message?: string
}

const resolve = (bound: string | (() => string)) => (typeof bound === 'function' ? bound() : bound)

/**
 * Bounds a date or date-time schema (any value written from YYYY-MM-DD on: a date, a shop time, an
 * instant with its offset) to a range of dates as written, SHOP_DATE_RANGE unless told. A value
 * that is not written as a date is left to the schema's own message. The one place dates are bounded.
 */
export function withinDates<T extends z.ZodType<string, string>>(schema: T, range: DateRange = {}): T {
  const min = range.min ?? SHOP_DATE_RANGE.min
  const max = range.max ?? SHOP_DATE_RANGE.max
  return schema.refine(
    (value) => {
      const date = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0]
      return date === undefined || (date >= resolve(min) && date <= resolve(max))
    },
    { error: () => range.message ?? `must be a date from ${resolve(min)} to ${resolve(max)}` },
  )
}

/** A date in the shop's time zone (UTC+7), YYYY-MM-DD, within SHOP_DATE_RANGE: the lists' from and to. */
export const ShopDateSchema = withinDates(z.iso.date({ error: 'must be a date YYYY-MM-DD' }))
