import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { ShippingProvider } from './shipping.ts'
import { tableShipping } from './table.ts'

export type {
  ShippingDestination,
  ShippingProvider,
  ShippingQuote,
  ShippingQuoteRequest,
} from './shipping.ts'

/** The shipping rate adapter chosen by SHIPPING_PROVIDER (decision 017). */
export function createShipping(config: Config, db: Db): ShippingProvider {
  switch (config.SHIPPING_PROVIDER) {
    case 'table':
      return tableShipping(db)
  }
}
