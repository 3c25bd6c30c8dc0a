export { default as devPaymentsRoutes } from './dev-payments.routes.ts'
export {
  applyTransactionStatus,
  chargeClaimInsert,
  chargeOrder,
  expireOrder,
  isPaid,
  paymentOf,
  pruneRefusedNotifications,
  runPaymentExpiry,
} from './payments.service.ts'
export type { PaymentContext } from './payments.service.ts'
export type { OrderToPay, PaymentHeaderStore, PaymentOrders } from './order-headers.ts'
export { refundPayment } from './refunds.ts'
export type { RefundContext, RefundOutcome, RefundPaymentRequest } from './refunds.ts'
export { default as storeRoutes } from './store.routes.ts'
export { requestLanguage, tutorialFor } from './tutorials.ts'
export type { TutorialLanguage } from './tutorials.ts'
