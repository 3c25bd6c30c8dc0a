/**
 * @busana/contract: the zod-free core, safe for the browser. Constants, the error catalogue,
 * shopper messages, pure rules and types. The schemas are `@busana/contract/schemas`
 * (decision 012); their inferred types are re-exported here type-only, so `import type` of them
 * costs the browser nothing.
 */
export * from './errors.ts'
export * from './envelope.ts'
export * from './brands.ts'
export * from './clock.ts'
export * from './html.ts'
export * from './language.ts'
export * from './messages.ts'
export * from './phone.ts'
export * from './catalog/catalog.rules.ts'
export * from './catalog/sitemap.rules.ts'
export * from './catalog/video.rules.ts'
export * from './members/members.rules.ts'
export * from './addresses/addresses.rules.ts'
export * from './cart/cart.rules.ts'
export * from './checkout/checkout.rules.ts'
export * from './shipping/shipping.rules.ts'
export * from './orders/orders.rules.ts'
export * from './staff/permissions.ts'
export * from './campaign/campaign.rules.ts'
export * from './reviews/reviews.rules.ts'
export * from './content/content.rules.ts'

// Types inferred from the schemas (Product, CartLine, …): erased from the JavaScript, no zod.
export type * from './envelope.schemas.ts'
export type * from './catalog/catalog.schemas.ts'
export type * from './catalog/sitemap.schemas.ts'
export type * from './members/members.schemas.ts'
export type * from './regions/regions.schemas.ts'
export type * from './addresses/addresses.schemas.ts'
export type * from './cart/cart.schemas.ts'
export type * from './checkout/checkout.schemas.ts'
export type * from './shipping/shipping.schemas.ts'
export type * from './orders/orders.schemas.ts'
export type * from './payments/payments.schemas.ts'
export type * from './campaign/campaign.schemas.ts'
export type * from './reviews/reviews.schemas.ts'
export type * from './content/content.schemas.ts'
export type * from './admin/reviews.schemas.ts'
