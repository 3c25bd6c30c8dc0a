export { default as storeRoutes } from './store.routes.ts'
export { default as photoRoutes } from './photos.routes.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { reencodeReviewPhoto, type StoredPhoto } from './review-photos.ts'
