export { default as storeRoutes } from './store.routes.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { default as photoRoutes } from './photos.routes.ts'
export { loadReturnFacts } from './message-facts.ts'
