import { SHOP_TIME_ZONE } from '@busana/contract'

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
})

/** An order date as 'DD MMM YYYY' on the shop's clock (docs/product/shopping.md §9); '' when unreadable. */
export function orderDate(value: string | null | undefined): string {
  if (!value) return ''
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : dayFormat.format(time)
}

const longDayFormats = {
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: 'long',
    year: 'numeric',
  }),
  id: new Intl.DateTimeFormat('id-ID', {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: 'long',
    year: 'numeric',
  }),
}
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/**
 * A tracking entry's day and time on the shop's clock (docs/product/shopping.md §9): 'DD MMMM YYYY' (month
 * named in the page's language) and 'HH:mm'; the raw value and '' when unreadable.
 */
export function trackingWhen(value: string, lng = 'en'): { date: string; time: string } {
  const time = Date.parse(value)
  if (Number.isNaN(time)) return { date: value, time: '' }
  const format = lng === 'id' ? longDayFormats.id : longDayFormats.en
  return { date: format.format(time), time: clockFormat.format(time) }
}

/**
 * The /tracking page's entries as order numbers to look up: trimmed, upper-cased, blanks and
 * repeats dropped (the API does the same), at most `max`.
 */
export function lookupNumbers(entries: readonly string[], max: number): string[] {
  const numbers = entries
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry !== '')
  return [...new Set(numbers)].slice(0, max)
}

/** An order number as a link may carry one: letters, digits and dashes, at most 40 (the entries' limit). */
const LINKED_ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{0,39}$/

/**
 * The order numbers a `/tracking?order=` link carries (issue 28: the guests' order updates link
 * there): one or several separated by commas (the parameter may also repeat), each trimmed and
 * upper-cased; anything that does not look like an order number is dropped, and repeats; at most
 * `max`. Empty when the link carries none.
 */
export function linkedOrderNumbers(values: readonly string[], max: number): string[] {
  const numbers = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toUpperCase())
    .filter((value) => LINKED_ORDER_NUMBER.test(value))
  return [...new Set(numbers)].slice(0, max)
}

/** The looked-up numbers no order answered for. */
export function missingNumbers(
  asked: readonly string[],
  found: ReadonlyArray<{ sales_order_number: string }>,
) {
  const have = new Set(found.map((order) => order.sales_order_number.toUpperCase()))
  return asked.filter((number) => !have.has(number))
}

/**
 * The status chip's colours (docs/product/shopping.md §4): Open grey, Cancel red, Delivery amber, Success
 * green; Paid (no colour in docs/product) blue, so a paid order is not read as delivered.
 */
export function statusTone(status: string): string {
  switch (status.toLowerCase()) {
    case 'cancel':
      return 'bg-red-100 text-red-800'
    case 'delivery':
      return 'bg-amber-100 text-amber-900'
    case 'success':
      return 'bg-green-100 text-green-800'
    case 'paid':
      return 'bg-sky-100 text-sky-900'
    default:
      return 'bg-neutral-200 text-neutral-800'
  }
}

/** The result pages' status words (docs/product/shopping.md §2): `succes` is the product's other spelling of success. */
export const RESULT_WORDS = ['success', 'succes', 'waiting', 'failed'] as const
export type ResultWord = (typeof RESULT_WORDS)[number]
/** Which spelling of success a journey follows: the bag side's `success` or the links' `succes`. */
export type SuccessSpelling = 'success' | 'succes'

export const isResultWord = (word: string | undefined): word is ResultWord =>
  (RESULT_WORDS as readonly string[]).includes(word ?? '')

/**
 * The payment result of an order status (docs/product/account.md §4): Paid, and the later Delivery and
 * Success, give success; Open gives waiting; anything else (Cancel) gives failed.
 */
export function paymentResult(status: string): 'success' | 'waiting' | 'failed' {
  switch (status.toLowerCase()) {
    case 'paid':
    case 'delivery':
    case 'success':
      return 'success'
    case 'open':
      return 'waiting'
    default:
      return 'failed'
  }
}

/** The result word for a status in the spelling the journey follows. */
export function resultWord(status: string, spelling: SuccessSpelling): ResultWord {
  const result = paymentResult(status)
  return result === 'success' ? spelling : result
}

/** True when a result URL's word says what the order's status says (either spelling of success). */
export function resultMatches(word: ResultWord, status: string): boolean {
  return (word === 'succes' ? 'success' : word) === paymentResult(status)
}

/**
 * Whether the order page moves on to the success page (issue 26 item 10): the order is Paid (not
 * yet shipped) and this browser has not shown its 'Thank you for your order!' yet, so a shopper who
 * paid in another app and came back (a link, a tab switch, a reload, Check payment) is thanked and
 * the purchase reported there; a Paid order already thanked shows its detail.
 */
export function thankNow(status: string, thanked: boolean): boolean {
  return status.toLowerCase() === 'paid' && !thanked
}

/** 'HH:MM:SS' left until `deadline` at `now` (both instants, ms); '00:00:00' once passed. */
export function countdown(deadline: number, now: number): string {
  const left = Math.max(0, Math.floor((deadline - now) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`
}
