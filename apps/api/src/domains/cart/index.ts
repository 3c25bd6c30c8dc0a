export { checkCheckoutLines, lockCustomer, orderedLines, removeOrderedLines } from './checkout-lines.ts'
export { default as storeRoutes } from './store.routes.ts'
