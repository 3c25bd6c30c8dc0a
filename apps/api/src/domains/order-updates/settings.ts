import type { Config } from '../../config.ts'
import { ORDER_MOMENTS, type MessageChannel, type OrderMoment } from './facts.ts'

/**
 * Which order updates this shop sends (ORDER_UPDATES_PHONE, ORDER_UPDATES_OFF; decision 048):
 * the phone channel, and the moments turned off per channel. Defaults: WhatsApp, every moment on.
 */
export interface OrderUpdateSettings {
  phoneChannel: Extract<MessageChannel, 'WHATSAPP' | 'SMS'>
  /** `${moment}:phone` and `${moment}:email` entries that are off. */
  off: ReadonlySet<string>
}

export const DEFAULT_ORDER_UPDATE_SETTINGS: OrderUpdateSettings = { phoneChannel: 'WHATSAPP', off: new Set() }

/** Reads the settings from the configuration (config.ts has checked the list's words). */
export function orderUpdateSettings(
  config: Pick<Config, 'ORDER_UPDATES_PHONE' | 'ORDER_UPDATES_OFF'>,
): OrderUpdateSettings {
  const off = new Set<string>()
  for (const entry of config.ORDER_UPDATES_OFF.split(',').map((word) => word.trim())) {
    if (!entry) continue
    const [first, channel] = entry.split(':') as [string, string | undefined]
    const moments = first === 'phone' || first === 'email' ? ORDER_MOMENTS : [first as OrderMoment]
    const channels =
      first === 'phone' || first === 'email' ? [first] : channel ? [channel] : ['phone', 'email']
    for (const moment of moments) for (const kind of channels) off.add(`${moment}:${kind}`)
  }
  return { phoneChannel: config.ORDER_UPDATES_PHONE, off }
}

/**
 * The process's settings: set once from the configuration when the API is built (app.ts) or its
 * runtime starts, read where an order moves. A status change is written deep inside other modules'
 * transactions (order-lifecycle), where no configuration is at hand; the settings are the
 * process's, like its configuration.
 */
let current: OrderUpdateSettings = DEFAULT_ORDER_UPDATE_SETTINGS

export function useOrderUpdateSettings(settings: OrderUpdateSettings): void {
  current = settings
}

export const currentOrderUpdateSettings = (): OrderUpdateSettings => current

/** The channels a moment goes by for a buyer with this phone and e-mail, under `settings`. */
export function channelsFor(
  moment: OrderMoment,
  buyer: { phone: string | null; email: string | null },
  settings: OrderUpdateSettings,
): { channel: MessageChannel; recipient: string }[] {
  const channels: { channel: MessageChannel; recipient: string }[] = []
  if (buyer.phone && !settings.off.has(`${moment}:phone`)) {
    channels.push({ channel: settings.phoneChannel, recipient: buyer.phone })
  }
  if (buyer.email && !settings.off.has(`${moment}:email`)) {
    channels.push({ channel: 'EMAIL', recipient: buyer.email })
  }
  return channels
}
