export { default as adminRoutes } from './admin.routes.ts'
export { default as storeRoutes } from './store.routes.ts'
export { runDeliveryCheck } from './tracking.service.ts'
export type { TrackingContext } from './tracking.service.ts'
