export { applicableVoucher, redeemVoucher } from './vouchers.ts'
export { default as adminRoutes } from './admin.routes.ts'
