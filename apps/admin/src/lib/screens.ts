import type { StaffRole } from '@busana/contract/schemas'

/**
 * The back office's screens and the roles that see them. The server checks every call on its own
 * (403 STF003); this table only keeps the menu and the routes to what a role may use.
 */
export const SCREENS = {
  home: { path: '/', roles: ['owner', 'merchandiser', 'warehouse', 'marketing', 'support'] },
  products: { path: '/products', roles: ['owner', 'merchandiser'] },
  categories: { path: '/categories', roles: ['owner', 'merchandiser'] },
  menus: { path: '/menus', roles: ['owner', 'merchandiser'] },
  sliders: { path: '/sliders', roles: ['owner', 'merchandiser'] },
  orders: { path: '/orders', roles: ['owner', 'warehouse', 'support'] },
  stock: { path: '/stock', roles: ['owner', 'warehouse', 'merchandiser'] },
  vouchers: { path: '/vouchers', roles: ['owner', 'marketing'] },
  content: { path: '/content', roles: ['owner', 'marketing'] },
  shipping: { path: '/shipping', roles: ['owner', 'warehouse'] },
  members: { path: '/members', roles: ['owner', 'support'] },
  staff: { path: '/staff', roles: ['owner'] },
  audit: { path: '/audit', roles: ['owner'] },
  account: { path: '/account', roles: ['owner', 'merchandiser', 'warehouse', 'marketing', 'support'] },
} as const satisfies Record<string, { path: string; roles: readonly StaffRole[] }>

export type ScreenName = keyof typeof SCREENS

export function canSee(role: StaffRole, screen: ScreenName): boolean {
  return (SCREENS[screen].roles as readonly StaffRole[]).includes(role)
}

/** The menu, in order. */
export const MENU: ScreenName[] = [
  'home',
  'products',
  'categories',
  'menus',
  'sliders',
  'orders',
  'stock',
  'vouchers',
  'members',
  'content',
  'shipping',
  'staff',
  'audit',
  'account',
]
