import { and, asc, eq, inArray } from 'drizzle-orm'
import { AppError, type AdminShippingTable, type AdminShippingZone } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { courierServices, shippingRates, shippingZoneAreas, shippingZones } from '../../db/schema/index.ts'
import { provinceAndCityNames, regionsLoaded } from '../regions/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'

/**
 * The back office's view and edits of the shipping rate table (decision 017), exactly what the
 * `table` provider reads at checkout (providers/shipping/table.ts): a rate per zone × service
 * (none: the service does not serve the zone) and the areas (province or city ids) of each zone,
 * each area in one zone at most (its primary key). Checkout reads the table on every quote (no
 * cache), so a committed change prices the next quote. Each change is one transaction with its
 * audit row; zones and services themselves are the seed's (decision 017: from warehouse 1).
 */

async function zonesOf(db: Db | Transaction, zoneIds?: string[]): Promise<AdminShippingZone[]> {
  const zones = await db
    .select()
    .from(shippingZones)
    .where(zoneIds ? inArray(shippingZones.id, zoneIds) : undefined)
    .orderBy(asc(shippingZones.id))
  const ids = zones.map((zone) => zone.id)
  if (ids.length === 0) return []
  const areas = await db
    .select()
    .from(shippingZoneAreas)
    .where(inArray(shippingZoneAreas.zoneId, ids))
    .orderBy(asc(shippingZoneAreas.areaId))
  const rates = await db
    .select()
    .from(shippingRates)
    .where(inArray(shippingRates.zoneId, ids))
    .orderBy(asc(shippingRates.serviceId))
  const names = await provinceAndCityNames(
    db,
    areas.map((area) => area.areaId),
  )
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    extra_days: zone.extraDays,
    areas: areas
      .filter((area) => area.zoneId === zone.id)
      .map((area) => ({ area_id: area.areaId, name: names.get(area.areaId) ?? null })),
    rates: rates
      .filter((rate) => rate.zoneId === zone.id)
      .map((rate) => ({ service_id: rate.serviceId, price_per_kg: rate.pricePerKg })),
  }))
}

/** The whole table: services, and each zone with its areas and rates. */
export async function shippingTable(db: Db): Promise<AdminShippingTable> {
  const services = await db
    .select()
    .from(courierServices)
    .orderBy(asc(courierServices.position), asc(courierServices.id))
  return {
    services: services.map((service) => ({
      id: service.id,
      code: service.code,
      name: service.name,
      provider: service.provider,
      packing_fee: service.packingFee,
      etd_min: service.etdMin,
      etd_max: service.etdMax,
      active: service.active,
    })),
    zones: await zonesOf(db),
  }
}

/** Locks the zone's row (areas and rates of one zone change one at a time); unknown: 404 STF210. */
async function lockZone(tx: Transaction, zoneId: string) {
  const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update')
  if (!zone) throw new AppError('STF210')
  return zone
}

async function zoneAfter(tx: Transaction, zoneId: string) {
  const [zone] = await zonesOf(tx, [zoneId])
  return zone!
}

/** Sets the fare per started kilogram of a service to a zone; a service without a rate then serves it. */
export async function setRate(
  db: Db,
  zoneId: string,
  serviceId: number,
  pricePerKg: number,
  actor: AuditActor,
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZone(tx, zoneId)
    const [service] = await tx
      .select({ id: courierServices.id })
      .from(courierServices)
      .where(eq(courierServices.id, serviceId))
    if (!service) throw new AppError('STF211')
    const [before] = await tx
      .select()
      .from(shippingRates)
      .where(and(eq(shippingRates.zoneId, zoneId), eq(shippingRates.serviceId, serviceId)))
    if (before?.pricePerKg !== pricePerKg) {
      await tx
        .insert(shippingRates)
        .values({ zoneId, serviceId, pricePerKg })
        .onConflictDoUpdate({ target: [shippingRates.zoneId, shippingRates.serviceId], set: { pricePerKg } })
      await recordAudit(tx, actor, {
        action: 'shipping.rate_set',
        targetType: 'shipping_rate',
        targetId: `${zoneId}:${serviceId}`,
        changes: { price_per_kg: { from: before?.pricePerKg ?? null, to: pricePerKg } },
      })
    }
    return zoneAfter(tx, zoneId)
  })
}

/** Removes a rate: the service stops serving the zone. No such rate: 404 STF212. */
export async function removeRate(db: Db, zoneId: string, serviceId: number, actor: AuditActor) {
  return db.transaction(async (tx) => {
    await lockZone(tx, zoneId)
    const [removed] = await tx
      .delete(shippingRates)
      .where(and(eq(shippingRates.zoneId, zoneId), eq(shippingRates.serviceId, serviceId)))
      .returning()
    if (!removed) throw new AppError('STF212')
    await recordAudit(tx, actor, {
      action: 'shipping.rate_remove',
      targetType: 'shipping_rate',
      targetId: `${zoneId}:${serviceId}`,
      changes: { price_per_kg: { from: removed.pricePerKg, to: null } },
    })
    return zoneAfter(tx, zoneId)
  })
}

/**
 * Adds a province or city to a zone. An area already in a zone is 409 STF213 (details: that zone):
 * moving it is a remove and an add, so nobody moves a region by accident. When the regions are
 * loaded the id must be one of theirs (422 STF215).
 */
export async function addZoneArea(db: Db, zoneId: string, areaId: string, actor: AuditActor) {
  return db.transaction(async (tx) => {
    await lockZone(tx, zoneId)
    if ((await regionsLoaded(tx)) && !(await provinceAndCityNames(tx, [areaId])).has(areaId)) {
      throw new AppError('STF215')
    }
    const [added] = await tx
      .insert(shippingZoneAreas)
      .values({ areaId, zoneId })
      .onConflictDoNothing()
      .returning()
    if (!added) {
      const [current] = await tx
        .select({ zoneId: shippingZoneAreas.zoneId })
        .from(shippingZoneAreas)
        .where(eq(shippingZoneAreas.areaId, areaId))
      throw new AppError('STF213', undefined, { area_id: areaId, zone_id: current?.zoneId ?? null })
    }
    await recordAudit(tx, actor, {
      action: 'shipping.area_add',
      targetType: 'shipping_area',
      targetId: areaId,
      changes: { zone_id: { from: null, to: zoneId } },
    })
    return zoneAfter(tx, zoneId)
  })
}

/** Removes a province or city from a zone (its destinations then fall to the province's zone, or none). */
export async function removeZoneArea(db: Db, zoneId: string, areaId: string, actor: AuditActor) {
  return db.transaction(async (tx) => {
    await lockZone(tx, zoneId)
    const [removed] = await tx
      .delete(shippingZoneAreas)
      .where(and(eq(shippingZoneAreas.areaId, areaId), eq(shippingZoneAreas.zoneId, zoneId)))
      .returning()
    if (!removed) throw new AppError('STF214')
    await recordAudit(tx, actor, {
      action: 'shipping.area_remove',
      targetType: 'shipping_area',
      targetId: areaId,
      changes: { zone_id: { from: zoneId, to: null } },
    })
    return zoneAfter(tx, zoneId)
  })
}
