import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { ShippingProvider } from './shipping.ts'
import { biteshipShipping } from './biteship.ts'
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
    case 'biteship':
      return biteshipShipping(db, {
        url: config.BITESHIP_URL,
        apiKey: config.BITESHIP_API_KEY ?? '',
        originPostalCode: config.WAREHOUSE_POSTAL_CODE,
      })
    case 'table':
      return tableShipping(db)
  }
}
