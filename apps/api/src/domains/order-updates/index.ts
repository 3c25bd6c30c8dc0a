export { queueOrderUpdate, ORDER_UPDATES_CHANNEL } from './queue.ts'
export { sendDueOrderUpdates, type OrderUpdateContext, type SendResult } from './sender.ts'
export { orderUpdateSettings, useOrderUpdateSettings, type OrderUpdateSettings } from './settings.ts'
export { ORDER_MOMENTS, MESSAGE_CHANNELS, type OrderMoment, type MessageChannel } from './facts.ts'
