/**
 * @busana/contract/schemas: the zod schemas of every request and response, for server code (the
 * API, the storefront's server and tests). Everything of the core comes with them, so server code
 * imports from this one entry point; browser code imports `@busana/contract` only (decision 012).
 */
export * from './index.ts'
export * from './envelope.schemas.ts'
export * from './catalog/catalog.schemas.ts'
export * from './catalog/sitemap.schemas.ts'
export * from './members/members.schemas.ts'
export * from './regions/regions.schemas.ts'
export * from './addresses/addresses.schemas.ts'
export * from './cart/cart.schemas.ts'
export * from './checkout/checkout.schemas.ts'
export * from './shipping/shipping.schemas.ts'
export * from './orders/orders.schemas.ts'
export * from './staff/staff.schemas.ts'
export * from './admin/content.schemas.ts'
export * from './admin/members.schemas.ts'
export * from './admin/ops.schemas.ts'
export * from './admin/reviews.schemas.ts'
export * from './payments/payments.schemas.ts'
export * from './campaign/campaign.schemas.ts'
export * from './reviews/reviews.schemas.ts'
export * from './content/content.schemas.ts'
export * from './text.ts'
export * from './validation-messages.ts'
export * from './admin/catalog.schemas.ts'
export * from './admin/insights.schemas.ts'
