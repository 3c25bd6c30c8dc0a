/** Where a parcel goes: the district (destination_code) with its city and province ids. */
export interface ShippingDestination {
  /** '31.71.01': the district, the API's destination_code. */
  districtId: string
  cityId: string
  provinceId: string
  /** The sub-district's postal code when known (aggregators rate by postal code). */
  postalCode?: string
}

export interface ShippingQuoteRequest {
  /** Where parcels leave from: warehouse 1 and its city (config WAREHOUSE_CITY_ID). */
  origin: { warehouseId: number; cityId: string }
  destination: ShippingDestination
  /** The parcel's weight in grams (packed weight × qty over every piece). */
  weightGrams: number
}

/** A courier service able to carry the parcel, with its fare in whole rupiah. */
export interface ShippingQuote {
  /** courier_services.id: the id_delivery_method the checkout sends back. */
  id: number
  /** courier_services.code ('jne:reg'): how an aggregator adapter finds the id. */
  code: string
  name: string
  provider: string
  tarif: number
  packingFee: number
  etdMin: number
  etdMax: number
}

/**
 * Prices a parcel (decision 017). Adapters: `table` (default, offline: the rate table in the
 * database); an aggregator (Biteship) slots in beside it, mapping its couriers to
 * courier_services by code. An empty list means no service delivers there (the caller answers
 * DVY001); a failure throws, and the caller answers 503 SHP001: never a made-up fare. The signal
 * aborts a call that ran past SHIPPING_TIMEOUT_MS.
 */
export interface ShippingProvider {
  readonly name: string
  quote(request: ShippingQuoteRequest, signal: AbortSignal): Promise<ShippingQuote[]>
}
