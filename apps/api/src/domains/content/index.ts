export { default as adminRoutes } from './admin.routes.ts'
export { ABOUT_PAGE_ID } from './content.service.ts'
export { MAP_FRAME_SOURCES } from './map-embed.ts'
export { default as storeRoutes } from './store.routes.ts'
