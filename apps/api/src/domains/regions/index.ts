export { default as storeRoutes } from './store.routes.ts'
