export { applicableVoucher, redeemVoucher, releaseVoucherUse } from './vouchers.ts'
export { default as adminRoutes } from './admin.routes.ts'
