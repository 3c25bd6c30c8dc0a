export { default as outboxRoutes } from './outbox.routes.ts'
export { maskRecipient, storeMessage } from './outbox.service.ts'
