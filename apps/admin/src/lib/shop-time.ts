const SHOP_ZONE = 'Asia/Jakarta'

/**
 * An instant on the shop's clock (UTC+7) as staff read it, the date in their language and the time
 * always with a colon and the zone named: '26 Nov 2026, 14:18 WIB' (issue 30). Indonesian has its own
 * month names ('26 Des 2026, 09:05 WIB').
 */
export function formatShopTime(at: string | Date, language: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at
  const date = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_ZONE,
  }).format(instant)
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SHOP_ZONE,
  }).format(instant)
  return `${date}, ${time} WIB`
}
