export { lowStockByWarehouse, seedStockLevels, shipStock } from './stock.service.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { holdUnits, receiveReturnedUnits, releaseHold, shipHold } from './holds.ts'
export type { ReturnedUnits } from './holds.ts'
export { notEnoughStock, orderUnits, releaseOrderStock, takeStock } from './units.ts'
export { heldUnitsOf } from './hold-reads.ts'
export {
  CLAIM_TTL_MS,
  claimKey,
  claimUnits,
  releaseClaim,
  releaseStaleClaims,
  takeClaimedStock,
} from './claims.ts'
export type { Claim } from './claims.ts'
