export { applicableVoucher, redeemVoucher, releaseVoucherUse } from './vouchers.ts'
export { countVoucherTry, VOUCHER_TRY_LIMITS } from './voucher-tries.ts'
export { default as adminRoutes } from './admin.routes.ts'
export { usableVouchers, voucherStandings, type VoucherStanding } from './usable-vouchers.ts'
