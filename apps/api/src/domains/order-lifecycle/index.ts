export {
  cancelOrder,
  firstCancelActor,
  moveOrder,
  moveOrderOrFail,
  orderEventInsert,
  recordRefundDue,
  recordRefunded,
} from './order-status.ts'
export type { OrderActor } from './order-status.ts'
export type { MoveColumns, OrderHeaderStore } from './header-store.ts'
export { orderEventsOf, type OrderEvent } from './order-events.ts'
