export {
  checkCheckoutLines,
  lockCustomer,
  orderedLines,
  checkoutPrecheck,
  removeOrderedLines,
} from './checkout-lines.ts'
export type { CheckoutPrecheck } from './checkout-lines.ts'
export { default as storeRoutes } from './store.routes.ts'
