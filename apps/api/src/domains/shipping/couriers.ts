import type { Db, Transaction } from '../../db/client.ts'
import { courierServices } from '../../db/schema/index.ts'

/**
 * The couriers the shop ships with ('jne', 'jnt', …): the courier part of each of its courier
 * services' codes ('jne:reg' → 'jne'). Staff may ship an order only with one of them.
 */
export async function shippingCouriers(db: Db | Transaction): Promise<Set<string>> {
  const rows = await db.select({ code: courierServices.code }).from(courierServices)
  return new Set(rows.map((row) => row.code.split(':')[0]!))
}
