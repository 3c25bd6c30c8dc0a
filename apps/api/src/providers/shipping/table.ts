import { and, asc, eq, sql } from 'drizzle-orm'
import { shippingFare } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { courierServices, shippingRates, shippingZones } from '../../db/schema/index.ts'
import type { ShippingProvider, ShippingQuote } from './shipping.ts'

/** The zone of destinations in the warehouse's own city. */
export const LOCAL_ZONE = 'LOCAL'

/**
 * The offline rate table (db/schema/shipping.ts). The destination's zone: LOCAL when it is in
 * the warehouse's city and the table has that zone, else its city's zone, else its province's.
 * Each active service with a rate for the zone is offered at price per kg × started kg, with the
 * zone's extra days on its estimate; cheapest first.
 */
export function tableShipping(db: Db): ShippingProvider {
  return {
    name: 'table',
    async quote(request): Promise<ShippingQuote[]> {
      // In the warehouse's city the LOCAL zone comes first, when the table has it.
      const local = request.destination.cityId === request.origin.cityId
      const rows = await (local ? localRates : rates)(db).execute({
        cityId: request.destination.cityId,
        provinceId: request.destination.provinceId,
      })
      return rows.map(({ pricePerKg, ...service }) => ({
        ...service,
        tarif: shippingFare(pricePerKg, request.weightGrams),
      }))
    },
  }
}

/**
 * The active services with a rate for the destination's zone, cheapest first: one named prepared
 * statement per case (db/prepared.ts; every checkout prices its parcel, issue 41). The zone is a
 * scalar subquery: LOCAL when `local` and the table has it, else the city's, else the province's.
 */
function ratesFor(local: boolean) {
  return prepared(local ? 'shipping_table_rates_local' : 'shipping_table_rates', (db) =>
    db
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
      .where(
        and(
          eq(
            shippingRates.zoneId,
            sql`coalesce(${local ? sql`(select z.id from shipping_zones z where z.id = ${LOCAL_ZONE}), ` : sql``}
              (select a.zone_id from shipping_zone_areas a where a.area_id = ${sql.placeholder('cityId')}),
              (select a.zone_id from shipping_zone_areas a where a.area_id = ${sql.placeholder('provinceId')}))`,
          ),
          eq(courierServices.active, true),
        ),
      )
      .orderBy(asc(shippingRates.pricePerKg), asc(courierServices.position)),
  )
}

const rates = ratesFor(false)
const localRates = ratesFor(true)
