export { checkCheckoutLines, lockCustomer, orderedLines, removeOrderedLines } from './cart.service.ts'
export { default as storeRoutes } from './store.routes.ts'
