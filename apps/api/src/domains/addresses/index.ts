export { default as storeRoutes } from './store.routes.ts'
export { findPrimaryAddress, listAddresses } from './addresses.service.ts'
