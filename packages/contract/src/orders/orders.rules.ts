/**
 * Sales orders (docs/product/shopping.md §3 and 4, docs/product/account.md's order statuses; decision 019):
 * the status words and their order. An order only moves forward: Open → Paid → Delivery → Success, or
 * Cancel from Open (unpaid, expired) or Paid (staff cancel; a refund becomes due).
 */
export const ORDER_STATUSES = ['Open', 'Paid', 'Delivery', 'Success', 'Cancel'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** The statuses an order may move to from `status` (none from Success or Cancel). */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  switch (status) {
    case 'Open':
      return ['Paid', 'Cancel']
    case 'Paid':
      return ['Delivery', 'Cancel']
    case 'Delivery':
      return ['Success']
    default:
      return []
  }
}

/** Whether an order in `from` may become `to` (never backwards, never out of Success or Cancel). */
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => nextStatuses(from).includes(to)

/** The status in the shopper's words (status_message of the order detail and list). */
export const ORDER_STATUS_MESSAGES: Record<OrderStatus, string> = {
  Open: 'Waiting for payment',
  Paid: 'Payment received, waiting to be shipped',
  Delivery: 'On its way',
  Success: 'Delivered',
  Cancel: 'Cancelled',
}

/** At most this many order numbers in one order_guest_list lookup (the /tracking page's entries). */
export const GUEST_LOOKUP_MAX = 10

/** A waybill number as couriers print them: letters, digits and dashes. */
export const WAYBILL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{5,39}$/
