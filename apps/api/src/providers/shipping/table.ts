import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { shippingFare } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { courierServices, shippingRates, shippingZoneAreas, shippingZones } from '../../db/schema/index.ts'
import type { ShippingProvider, ShippingQuote, ShippingQuoteRequest } from './shipping.ts'

/** The zone of destinations in the warehouse's own city. */
export const LOCAL_ZONE = 'LOCAL'

/**
 * The offline rate table (db/schema/shipping.ts). The destination's zone: LOCAL when it is in
 * the warehouse's city and the table has that zone, else its city's zone, else its province's.
 * Each active service with a rate for the zone is offered at price per kg × started kg, with the
 * zone's extra days on its estimate; cheapest first.
 */
export function tableShipping(db: Db): ShippingProvider {
  async function zoneOf({ origin, destination }: ShippingQuoteRequest): Promise<string | null> {
    if (destination.cityId === origin.cityId) {
      const [local] = await db
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(eq(shippingZones.id, LOCAL_ZONE))
      if (local) return LOCAL_ZONE
    }
    const rows = await db
      .select({ areaId: shippingZoneAreas.areaId, zoneId: shippingZoneAreas.zoneId })
      .from(shippingZoneAreas)
      .where(inArray(shippingZoneAreas.areaId, [destination.cityId, destination.provinceId]))
    const byArea = new Map(rows.map((row) => [row.areaId, row.zoneId]))
    return byArea.get(destination.cityId) ?? byArea.get(destination.provinceId) ?? null
  }

  return {
    name: 'table',
    async quote(request): Promise<ShippingQuote[]> {
      const zone = await zoneOf(request)
      if (!zone) return []
      const rows = await db
        .select({
          id: courierServices.id,
          code: courierServices.code,
          name: courierServices.name,
          provider: courierServices.provider,
          packingFee: courierServices.packingFee,
          etdMin: sql<number>`${courierServices.etdMin} + ${shippingZones.extraDays}`.mapWith(Number),
          etdMax: sql<number>`${courierServices.etdMax} + ${shippingZones.extraDays}`.mapWith(Number),
          pricePerKg: shippingRates.pricePerKg,
        })
        .from(shippingRates)
        .innerJoin(courierServices, eq(courierServices.id, shippingRates.serviceId))
        .innerJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
        .where(and(eq(shippingRates.zoneId, zone), eq(courierServices.active, true)))
        .orderBy(asc(shippingRates.pricePerKg), asc(courierServices.position))
      return rows.map(({ pricePerKg, ...service }) => ({
        ...service,
        tarif: shippingFare(pricePerKg, request.weightGrams),
      }))
    },
  }
}
