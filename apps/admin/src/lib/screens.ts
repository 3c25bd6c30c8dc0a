import { can, type StaffAction, type StaffRole } from '@busana/contract'

/**
 * The back office's screens and the action each needs (the contract's staff/permissions.ts, the
 * table the API's guards read). The server checks every call on its own (403 STF003); this only
 * keeps the menu and the routes to what a role may use.
 */
export const SCREENS = {
  home: { path: '/', action: 'self' },
  products: { path: '/products', action: 'catalog.manage' },
  categories: { path: '/categories', action: 'catalog.manage' },
  menus: { path: '/menus', action: 'catalog.manage' },
  sliders: { path: '/sliders', action: 'catalog.manage' },
  orders: { path: '/orders', action: 'orders.read' },
  returns: { path: '/returns', action: 'returns.manage' },
  reviews: { path: '/reviews', action: 'reviews.read' },
  stock: { path: '/stock', action: 'stock.read' },
  vouchers: { path: '/vouchers', action: 'vouchers.manage' },
  content: { path: '/content', action: 'content.manage' },
  shipping: { path: '/shipping', action: 'shipping.manage' },
  members: { path: '/members', action: 'members.manage' },
  staff: { path: '/staff', action: 'staff.manage' },
  audit: { path: '/audit', action: 'audit.read' },
  account: { path: '/account', action: 'self' },
} as const satisfies Record<string, { path: string; action: StaffAction }>

export type ScreenName = keyof typeof SCREENS

export function canSee(role: StaffRole, screen: ScreenName): boolean {
  return can(role, SCREENS[screen].action)
}

/** The menu, in order. */
export const MENU: ScreenName[] = [
  'home',
  'products',
  'categories',
  'menus',
  'sliders',
  'orders',
  'returns',
  'reviews',
  'stock',
  'vouchers',
  'members',
  'content',
  'shipping',
  'staff',
  'audit',
  'account',
]
