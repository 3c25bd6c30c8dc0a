export { lowStockByWarehouse, seedStockLevels, shipStock } from './stock.service.ts'
// The catalog's CSV import moves stock as an import adjustment (issue 43 part 7).
export { listWarehouses, onHandLevels, setOnHandMany, type OnHandCount } from './stock.service.ts'
export { default as adminRoutes } from './admin.routes.ts'
export type { InventoryAdminOptions } from './admin.routes.ts'
export { holdUnits, receiveReturnedUnits, releaseHold, shipHold } from './holds.ts'
export type { ReturnedUnits } from './holds.ts'
export { notEnoughStock, releaseOrderStock, takeStock, type SkuUnits } from './units.ts'
export { openSellableStock, sellableStockOf } from './sellable.ts'
export type { CatalogSizes, HeldByOrders, SizeNameOf, StockViews } from './handed-in.ts'
export { heldUnitsOf } from './hold-reads.ts'
export { onHandOfSkus } from './on-hand.ts'
export {
  CLAIM_TTL_MS,
  claimKey,
  claimUnits,
  releaseClaim,
  releaseStaleClaims,
  takeClaimedStock,
  claimRemoval,
} from './claims.ts'
export type { Claim } from './claims.ts'
export { SoldOutMemory, STOCK_CHANNEL } from './sold-out.ts'
export type { SoldOutNames } from './sold-out.ts'
