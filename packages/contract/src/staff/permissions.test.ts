import { describe, expect, it } from 'vitest'
import { can, rolesFor, STAFF_PERMISSIONS, STAFF_ROLES, type StaffAction } from './permissions.ts'
import { canMoveOrder } from '../orders/orders.rules.ts'

describe('staff permissions', () => {
  it('answers the table: the owner may do everything, each other role its own work', () => {
    for (const action of Object.keys(STAFF_PERMISSIONS) as StaffAction[])
      expect(can('owner', action)).toBe(true)
    expect(can('warehouse', 'orders.fulfil')).toBe(true)
    expect(can('support', 'orders.fulfil')).toBe(false)
    expect(can('support', 'orders.cancel')).toBe(true)
    expect(can('support', 'orders.message')).toBe(true)
    expect(can('merchandiser', 'orders.message')).toBe(false)
    expect(can('marketing', 'orders.message')).toBe(false)
    expect(can('merchandiser', 'stock.read')).toBe(true)
    expect(can('merchandiser', 'stock.write')).toBe(false)
    expect(can('marketing', 'vouchers.manage')).toBe(true)
    expect(can('marketing', 'staff.manage')).toBe(false)
    expect(rolesFor('self')).toEqual(STAFF_ROLES)
  })

  it('lets every role that may ship also cancel, and nobody act on an order it may not read', () => {
    for (const role of STAFF_ROLES) {
      if (can(role, 'orders.fulfil')) expect(can(role, 'orders.cancel'), role).toBe(true)
      if (can(role, 'orders.fulfil') || can(role, 'orders.cancel') || can(role, 'orders.message'))
        expect(can(role, 'orders.read'), role).toBe(true)
      if (can(role, 'stock.write')) expect(can(role, 'stock.read'), role).toBe(true)
    }
  })

  it('keeps the staff moves of an order on the state machine', () => {
    expect(canMoveOrder('Paid', 'Delivery')).toBe(true)
    expect(canMoveOrder('Open', 'Delivery')).toBe(false)
    expect(canMoveOrder('Delivery', 'Cancel')).toBe(false)
  })
})
