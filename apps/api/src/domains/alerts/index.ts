export { default as storeRoutes } from './store.routes.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { alertHandlers, type AlertsContext } from './senders.ts'
export { waitingBySize } from './alerts.service.ts'
