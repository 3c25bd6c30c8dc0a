import { SHOP_TIME_ZONE } from '@busana/contract'

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
})

/** An order date as 'DD MMM YYYY' on the shop's clock (spec 000 section 9); '' when unreadable. */
export function orderDate(value: string | null | undefined): string {
  if (!value) return ''
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : dayFormat.format(time)
}

/** The status chip's colours (spec 000 section 4): Open grey, Cancel red, Delivery amber, Success green. */
export function statusTone(status: string): string {
  switch (status.toLowerCase()) {
    case 'cancel':
      return 'bg-red-100 text-red-800'
    case 'delivery':
      return 'bg-amber-100 text-amber-800'
    case 'success':
    case 'paid':
      return 'bg-green-100 text-green-800'
    default:
      return 'bg-neutral-200 text-neutral-800'
  }
}
