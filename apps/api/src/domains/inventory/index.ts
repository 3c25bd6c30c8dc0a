export { lowStockByWarehouse, seedStockLevels, shipStock } from './stock.service.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { notEnoughStock, orderUnits, releaseOrderStock, takeStock } from './units.ts'
