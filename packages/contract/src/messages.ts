/**
 * Shopper messages the API answers and the storefront shows (spec 001 section 8: a success shows
 * the server's message). One home for them: the API sends them, the storefront's own toasts use
 * the same words. The spec gives the bundle messages in Indonesian and the others in English; the
 * storefront's translations (app/locales) say them in the shopper's language where it has them.
 */

/** The spec's bundle messages (spec 000 sections 5 and 8), Indonesian as the spec has them. */
export const BUNDLE_MESSAGES = {
  under: (max: number) => `Pembelian belum mencapai ${max} pcs`,
  over: (max: number) => `Pembelian maksimal produk bundling ini adalah ${max} pcs`,
  sizeAtCap: (max: number) => `Anda telah mencapai batas pembelian maksimal produk bundling ini (${max} pcs)`,
} as const

/** The bag calls' answers. */
export const CART_MESSAGES = {
  added: 'Product added to your bag',
  updated: 'Bag updated',
  removed: 'Item removed from your bag',
  bundleAllowed: 'This bundle can be added to your bag',
} as const

/** The wishlist toggle's fixed confirmations (spec 000 section 8). */
export const WISHLIST_MESSAGES = {
  added: 'Added to My Wishlist',
  removed: 'Remove from My Wishlist',
} as const

/** The address calls' answers (spec 001 section 8). */
export const ADDRESS_MESSAGES = {
  added: 'Address saved successfully',
  updated: 'Address updated successfully',
  deleted: 'Address deleted successfully',
  primary: 'Primary address updated successfully',
} as const

/** The members calls' answers (spec 001 section 8). */
export const MEMBER_MESSAGES = {
  register: 'Registration successful. Choose how to receive your verification code.',
  resend: 'A verification code has been sent.',
  verified: 'Your account has been verified. Happy Shopping!',
  login: 'Login successful',
  guestCode: 'We have sent a login code to your phone.',
  guest: 'Phone number has been successfully validated, Happy Shopping!!',
  forget: 'If this email is registered, we have sent a temporary password to it.',
  password: 'Your password has been changed.',
  profile: 'Your profile has been updated.',
  campaign: 'Saved',
  logout: 'You have been logged out.',
} as const

/**
 * Checkout's fixed texts (spec 000 sections 5 and 8), as the spec spells them ('Succes Change
 * Shipping Address' included). The guest form shows them; the API names the same words in its 400s.
 */
export const CHECKOUT_MESSAGES = {
  contact: 'Please check your contact information',
  nameRequired: 'Please insert your name',
  emailRequired: 'Please insert your email',
  emailInvalid: 'Email is not valid.',
  emailCheck: 'Invalid email. Please check your email correctly.',
  shippingRequired: 'Please filled and saved your shipping information',
  addressTooShort:
    'The address cannot be less than 30 characters, please fill the address with details such as street name or house/block number',
  deliveryRequired: "You haven't selected a delivery method.",
  paymentRequired: 'Please choose a payment method',
  addressChanged: 'Succes Change Shipping Address',
  placed: 'Your order has been placed',
} as const

/** The promo call's answers (spec 000 section 8: a success shows the server's message). */
export const PROMO_MESSAGES = {
  applied: (voucherName: string) => `Voucher ${voucherName} applied`,
  /** PRM004 with the minimum named, e.g. 'Minimum purchase for this voucher is Rp 300.000'. */
  belowMinimum: (minimumText: string) => `Minimum purchase for this voucher is ${minimumText}`,
} as const
