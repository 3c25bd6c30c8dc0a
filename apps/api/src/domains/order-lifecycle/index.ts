export { cancelOrder, moveOrder, moveOrderOrFail, recordOrderEvent, recordRefundDue } from './order-status.ts'
export type { OrderActor } from './order-status.ts'
