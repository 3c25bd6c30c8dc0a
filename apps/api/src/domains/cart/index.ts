export {
  checkCheckoutLines,
  lockCustomer,
  orderedLines,
  checkoutPrecheck,
  tickedSkus,
  orderedLinesRemoval,
} from './checkout-lines.ts'
export type { CheckoutPrecheck, OrderedLine } from './checkout-lines.ts'
export { notAvailable } from './demand.ts'
export { default as storeRoutes } from './store.routes.ts'
