export { default as storeRoutes } from './store.routes.ts'
export { wishlistedAmong } from './wishlist.service.ts'
