export {
  cancelOrder,
  firstCancelActor,
  moveOrder,
  moveOrderOrFail,
  orderEventInsert,
  recordOrderEvent,
  recordRefundDue,
  recordRefunded,
} from './order-status.ts'
export type { OrderActor } from './order-status.ts'
export type { MoveColumns, OrderHeaderStore } from './header-store.ts'
export { orderEventsOf, type OrderEvent } from './order-events.ts'
