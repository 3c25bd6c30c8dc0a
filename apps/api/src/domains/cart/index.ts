export { checkCheckoutLines, lockCustomer, orderedLines, removeOrderedLines, takeStock } from './cart.service.ts'
export { default as storeRoutes } from './store.routes.ts'
