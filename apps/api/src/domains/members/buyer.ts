import { eq, type SQL } from 'drizzle-orm'
import type { Transaction } from '../../db/client.ts'
import { customers } from '../../db/schema/index.ts'

/** A buyer's name and contacts as an order stores them. */
export interface BuyerContacts {
  nama: string
  email: string | null
  hp: string
  needEmail: boolean
}

/**
 * Locks the member's row for the rest of `tx` (FOR NO KEY UPDATE, as `lockMember`) and answers her
 * name and contacts, with the caller's own `extra` expressions read in the same statement (the
 * checkout's unpaid order and stored call: placing an order pays one round trip for all of it).
 * Undefined when the member is gone.
 */
export async function lockBuyerContacts<Extra extends Record<string, SQL>>(
  tx: Transaction,
  idPelanggan: number,
  extra: Extra,
): Promise<(BuyerContacts & { [K in keyof Extra]: Extra[K] extends SQL<infer T> ? T : never }) | undefined> {
  const [buyer] = await tx
    .select({
      nama: customers.nama,
      email: customers.email,
      hp: customers.hp,
      needEmail: customers.needEmail,
      ...extra,
    })
    .from(customers)
    .where(eq(customers.idPelanggan, idPelanggan))
    .for('no key update')
  return buyer as
    (BuyerContacts & { [K in keyof Extra]: Extra[K] extends SQL<infer T> ? T : never }) | undefined
}
