/**
 * Who on the staff may do what (issue 14's roles; decision 041): one table of action × roles, read
 * by the API's guards (403 STF003 for the others), the OpenAPI notes that name the roles, and the
 * back office's menu, routes and buttons. A new screen or call names its action here; nothing else
 * lists roles.
 */
export const STAFF_ROLES = ['owner', 'merchandiser', 'warehouse', 'marketing', 'support'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The roles allowed each action, in the order the API's documentation names them. */
export const STAFF_PERMISSIONS = {
  /** One's own session, second factor and account page; the back office's home. */
  self: STAFF_ROLES,
  /** Products, variants, pictures, bundles, categories, menus and carousels. */
  'catalog.manage': ['owner', 'merchandiser'],
  'stock.read': ['owner', 'warehouse', 'merchandiser'],
  /** Adjusting and importing stock. */
  'stock.write': ['owner', 'warehouse'],
  'orders.read': ['owner', 'warehouse', 'support'],
  /** Shipping (one or in bulk), packing slips and confirming delivery. */
  'orders.fulfil': ['owner', 'warehouse'],
  'orders.cancel': ['owner', 'warehouse', 'support'],
  /** Recording that a refund due was paid back (the money leaves the shop's account; issue 30). */
  'orders.refund': ['owner'],
  /** Re-sending an order's message to its buyer (WhatsApp, SMS or e-mail); reading them is orders.read. */
  'orders.message': ['owner', 'warehouse', 'support'],
  'vouchers.manage': ['owner', 'marketing'],
  /** FAQ, articles, pages, stores, about and the campaign. */
  'content.manage': ['owner', 'marketing'],
  /** The rate table and the zones' areas. */
  'shipping.manage': ['owner', 'warehouse'],
  /** Finding, reading and disabling members; resending their codes. */
  'members.manage': ['owner', 'support'],
  /** Inviting, changing and disabling staff; resetting their password or second factor. */
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
  /**
   * The published reviews, read only (issue 30): the merchandiser judges products by them, marketing
   * quotes them, support answers the buyers who wrote them. The warehouse has no use for them. Only
   * the published name is shown, so it needs no orders.read.
   */
  'reviews.read': ['owner', 'merchandiser', 'marketing', 'support'],
  /** How the shop is selling: the home's figures and charts (issue 30; decision 050). */
  'insights.read': ['owner', 'merchandiser', 'marketing'],
  /** What members wait for (issue 42): per product, the alerts for each size and for a price drop. */
  'alerts.read': ['owner', 'merchandiser', 'warehouse', 'marketing'],
  /** Returns and exchanges (issue 40): the queue, approving, rejecting, receiving, shipping an exchange. */
  'returns.manage': ['owner', 'support', 'warehouse'],
  /** Paying a return's money back (a bank transfer's reference, a provider refund's retry) and the return rules. */
  'returns.refund': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>

export type StaffAction = keyof typeof STAFF_PERMISSIONS

/** The roles allowed `action`. */
export const rolesFor = (action: StaffAction): readonly StaffRole[] => STAFF_PERMISSIONS[action]

/** Whether `role` may do `action`. */
export const can = (role: StaffRole, action: StaffAction): boolean =>
  (STAFF_PERMISSIONS[action] as readonly StaffRole[]).includes(role)
