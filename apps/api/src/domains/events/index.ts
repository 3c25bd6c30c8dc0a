export {
  EVENTS_CHANNEL,
  MAX_ATTEMPTS,
  SUBSCRIBERS,
  handleDueEvents,
  pruneHandledEvents,
  publish,
  publishChange,
} from './events.ts'
export type {
  DeliveredEvent,
  EventHandler,
  EventsContext,
  HandleResult,
  SubscriberName,
  Topic,
} from './events.ts'
