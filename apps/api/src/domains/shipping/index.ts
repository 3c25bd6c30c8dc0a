export { packagesFor, primaryAddress, quotedPackages } from './shipping.service.ts'
export type { ShippingContext } from './shipping.service.ts'
export { default as storeRoutes } from './store.routes.ts'
export { default as adminRoutes } from './admin.routes.ts'
