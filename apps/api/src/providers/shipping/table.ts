import { and, asc, eq, sql } from 'drizzle-orm'
import { shippingFare } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { courierServices, shippingRates, shippingZones } from '../../db/schema/index.ts'
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
  /** The destination's zone as a scalar subquery, so that a quote is one statement (issue 41). */
  function zoneOf({ origin, destination }: ShippingQuoteRequest) {
    const local =
      destination.cityId === origin.cityId
        ? sql`(select z.id from shipping_zones z where z.id = ${LOCAL_ZONE}), `
        : sql``
    return sql`coalesce(${local}
      (select a.zone_id from shipping_zone_areas a where a.area_id = ${destination.cityId}),
      (select a.zone_id from shipping_zone_areas a where a.area_id = ${destination.provinceId}))`
  }

  return {
    name: 'table',
    async quote(request): Promise<ShippingQuote[]> {
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
        .where(and(eq(shippingRates.zoneId, zoneOf(request)), eq(courierServices.active, true)))
        .orderBy(asc(shippingRates.pricePerKg), asc(courierServices.position))
      return rows.map(({ pricePerKg, ...service }) => ({
        ...service,
        tarif: shippingFare(pricePerKg, request.weightGrams),
      }))
    },
  }
}
