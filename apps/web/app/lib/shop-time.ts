/** The shop's clock: Asia/Jakarta (WIB, UTC+7), whatever the visitor's zone (spec 000 sections 2 and 9). */
export const SHOP_TIME_ZONE = 'Asia/Jakarta'

const wibFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** 'DD MMM YYYY HH:mm WIB' of an instant, in the shop's zone regardless of the runtime's. */
export function formatWib(instant: number): string {
  const part = Object.fromEntries(wibFormat.formatToParts(instant).map((p) => [p.type, p.value]))
  return `${part.day} ${part.month} ${part.year} ${part.hour}:${part.minute} WIB`
}

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: SHOP_TIME_ZONE, year: 'numeric' })

/** The year of an instant on the shop's clock (the footer's copyright year). */
export const shopYear = (instant: number): number => Number(yearFormat.format(instant))
