export { ORDER_UPDATES_CHANNEL } from './queue.ts'
export { orderUpdateHandlers, type OrderEventsContext } from './subscriber.ts'
export { sendDueOrderUpdates, type OrderUpdateContext, type SendResult } from './sender.ts'
export { orderUpdateSettings, useOrderUpdateSettings, type OrderUpdateSettings } from './settings.ts'
export {
  ORDER_MOMENTS,
  RETURN_MOMENTS,
  MESSAGE_CHANNELS,
  isReturnMoment,
  type OrderMoment,
  type ReturnMoment,
  type MessageChannel,
  type MessageLanguage,
  type ReturnMessageFacts,
  type ReturnFactsLoader,
  type OrderFactsLoader,
  type OrderBuyer,
  type OrderBuyerReader,
  type OrderMessageFacts,
} from './facts.ts'
export { listOrderUpdates, resendOrderUpdate, type ResendOptions } from './staff.ts'
export { newIdempotencyKey } from './queue.ts'
