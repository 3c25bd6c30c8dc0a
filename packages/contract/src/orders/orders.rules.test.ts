import { describe, expect, it } from 'vitest'
import { canMoveOrder, nextStatuses, ORDER_STATUSES, type OrderStatus } from './orders.rules.ts'

const rank: Record<OrderStatus, number> = { Open: 0, Paid: 1, Delivery: 2, Success: 3, Cancel: 4 }

describe('the order state machine', () => {
  it('moves only forward: Open → Paid → Delivery → Success, Cancel from Open or Paid', () => {
    const moves = ORDER_STATUSES.flatMap((from) => nextStatuses(from).map((to) => `${from}→${to}`))
    expect(moves).toEqual(['Open→Paid', 'Open→Cancel', 'Paid→Delivery', 'Paid→Cancel', 'Delivery→Success'])
  })

  it('never moves backwards, to itself, or out of Success and Cancel', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (canMoveOrder(from, to)) expect(rank[to]).toBeGreaterThan(rank[from])
      }
      expect(canMoveOrder(from, from)).toBe(false)
    }
    expect(nextStatuses('Success')).toEqual([])
    expect(nextStatuses('Cancel')).toEqual([])
    expect(canMoveOrder('Delivery', 'Cancel')).toBe(false)
    expect(canMoveOrder('Delivery', 'Paid')).toBe(false)
  })
})
