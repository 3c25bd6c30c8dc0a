import { and, eq } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { villages } from '../../db/schema/index.ts'

/** A village (kelurahan/desa) as an address names it: its id, name, district and postal code. */
export interface AddressVillage {
  id: string
  name: string
  districtId: string
  zipCode: string
}

/**
 * The village an address form names: by its id, or else the district's village with that postal
 * code (one statement); undefined when there is none. The caller checks that it lies in the
 * address's district and has its postal code.
 */
export async function findAddressVillage(
  db: Db | Transaction,
  lookup: { villageId: string } | { districtId: string; zipCode: string },
): Promise<AddressVillage | undefined> {
  const [village] = await db
    .select({
      id: villages.id,
      name: villages.name,
      districtId: villages.districtId,
      zipCode: villages.zipCode,
    })
    .from(villages)
    .where(
      'villageId' in lookup
        ? eq(villages.id, lookup.villageId)
        : and(eq(villages.districtId, lookup.districtId), eq(villages.zipCode, lookup.zipCode)),
    )
    .limit(1)
  return village
}
