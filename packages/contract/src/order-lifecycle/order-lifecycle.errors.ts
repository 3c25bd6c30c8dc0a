import type { ErrorEntry } from '../errors.ts'

/**
 * The order-lifecycle module's codes (apps/api/src/domains/order-lifecycle): it owns an order's status
 * and refuses the moves the state machine does not allow. Part of the catalogue, errors.ts.
 */
export const orderLifecycleErrors = {
  // ORD: an order's status
  ORD002: {
    status: 409,
    meaning:
      'The order cannot make this move from its status (orders only move forward: Open → Paid → Delivery → Success; Cancel from Open or Paid); the message names both',
    message: 'This order cannot change to that status',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const orderLifecycleErrorsId: Record<keyof typeof orderLifecycleErrors, string> = {
  ORD002: 'Status pesanan ini tidak dapat diubah ke status tersebut',
}
