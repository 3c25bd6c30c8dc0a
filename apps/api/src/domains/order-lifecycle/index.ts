export { cancelOrder, moveOrder, moveOrderOrFail, recordOrderEvent } from './order-status.ts'
export type { OrderActor } from './order-status.ts'
