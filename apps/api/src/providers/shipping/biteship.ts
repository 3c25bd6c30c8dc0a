import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { courierServices } from '../../db/schema/index.ts'
import type { ShippingProvider, ShippingQuote } from './shipping.ts'

export interface BiteshipOptions {
  /** The API's origin, https://api.biteship.com (a local fake in tests). */
  url: string
  /** The API key, sent as the Authorization header as Biteship documents it. */
  apiKey: string
  /** Postal code of warehouse 1: Biteship rates postal code to postal code. */
  originPostalCode: string
}

/** One service's price in Biteship's `POST /v1/rates/couriers` answer (the fields we read). */
interface BiteshipPricing {
  courier_code: string
  courier_service_code: string
  price: number
  /** '2 - 3' (with shipment_duration_unit 'days' or 'hours'), or absent. */
  shipment_duration_range?: string
  shipment_duration_unit?: string
}

interface BiteshipRatesAnswer {
  success: boolean
  message?: string
  error?: string
  pricing?: BiteshipPricing[]
}

/** '2 - 3' days → [2, 3]; '1' → [1, 1]; hours → the same day, counted as 1. */
export function biteshipDays(range: string | undefined, unit: string | undefined): [number, number] | null {
  if (!range) return null
  const numbers = range.match(/\d+/g)?.map(Number) ?? []
  if (numbers.length === 0) return null
  if (unit && unit.toLowerCase().startsWith('hour')) return [1, 1]
  const min = Math.min(...numbers)
  const max = Math.max(...numbers)
  return [min, max]
}

/**
 * Biteship rates (decision 017): one `POST {url}/v1/rates/couriers` from the warehouse's postal
 * code to the destination's, with the parcel's weight in grams. Biteship's services are matched to
 * courier_services by code (`jne:reg` = courier_code:courier_service_code); others are dropped, so
 * checkout keeps our ids and packing fees. A non-2xx answer, `success: false` or a malformed body
 * throws (the caller answers SHP001); the signal aborts the request.
 */
export function biteshipShipping(db: Db, options: BiteshipOptions): ShippingProvider {
  return {
    name: 'biteship',
    async quote(request, signal): Promise<ShippingQuote[]> {
      const services = await db
        .select()
        .from(courierServices)
        .where(eq(courierServices.active, true))
        .orderBy(courierServices.position)
      if (services.length === 0) return []
      if (!request.destination.postalCode) throw new Error('biteship: the destination has no postal code')
      const couriers = [...new Set(services.map((s) => s.code.split(':')[0]))].join(',')
      const response = await fetch(`${options.url.replace(/\/+$/, '')}/v1/rates/couriers`, {
        method: 'POST',
        signal,
        headers: { authorization: options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          origin_postal_code: Number(options.originPostalCode),
          destination_postal_code: Number(request.destination.postalCode),
          couriers,
          items: [{ name: 'Busana parcel', value: 0, weight: Math.max(1, request.weightGrams), quantity: 1 }],
        }),
      })
      const answer = (await response.json().catch(() => null)) as BiteshipRatesAnswer | null
      if (!response.ok || !answer || answer.success !== true || !Array.isArray(answer.pricing)) {
        throw new Error(
          `biteship: ${response.status} ${answer?.error ?? answer?.message ?? 'unexpected answer'}`,
        )
      }
      const byCode = new Map(services.map((s) => [s.code, s]))
      const quotes: ShippingQuote[] = []
      for (const pricing of answer.pricing) {
        const service = byCode.get(`${pricing.courier_code}:${pricing.courier_service_code}`.toLowerCase())
        if (!service || !Number.isFinite(pricing.price) || pricing.price <= 0) continue
        const days = biteshipDays(pricing.shipment_duration_range, pricing.shipment_duration_unit) ?? [
          service.etdMin,
          service.etdMax,
        ]
        quotes.push({
          id: service.id,
          code: service.code,
          name: service.name,
          provider: service.provider,
          tarif: Math.round(pricing.price),
          packingFee: service.packingFee,
          etdMin: days[0],
          etdMax: days[1],
        })
      }
      return quotes.sort((a, b) => a.tarif - b.tarif)
    },
  }
}
