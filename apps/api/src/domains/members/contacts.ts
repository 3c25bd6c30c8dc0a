import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { customers } from '../../db/schema/index.ts'

/** How the shop may reach a member with a message she did not ask for by an order (issue 42's alerts). */
export interface MemberContact {
  idPelanggan: number
  nama: string
  /** A verified member's e-mail; null for a guest by phone (she proved a phone only). */
  email: string | null
  hp: string
  /** Her switch in the account page: off, the shop sends her nothing of the kind. */
  marketingMessages: boolean
}

/** The contacts of enabled members among `ids` (a disabled account hears nothing). */
export async function memberContacts(db: Db, ids: readonly number[]): Promise<Map<number, MemberContact>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      idPelanggan: customers.idPelanggan,
      nama: customers.nama,
      email: customers.email,
      hp: customers.hp,
      isGuest: customers.isGuest,
      isVerified: customers.isVerified,
      marketingMessages: customers.marketingMessages,
    })
    .from(customers)
    .where(and(inArray(customers.idPelanggan, [...new Set(ids)]), isNull(customers.disabledAt)))
  return new Map(
    rows.map(({ isGuest, isVerified, ...row }) => [
      row.idPelanggan,
      { ...row, email: !isGuest && isVerified ? row.email : null },
    ]),
  )
}

/**
 * Locks the member's row for the rest of `tx` (FOR NO KEY UPDATE): changes of what belongs to one
 * member (her bag, her wishlist, her orders) run one at a time, so limits counted in them hold
 * under parallel calls. Answers whether the member exists.
 */
export async function lockMember(tx: Transaction, idPelanggan: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: customers.idPelanggan })
    .from(customers)
    .where(eq(customers.idPelanggan, idPelanggan))
    .for('no key update')
  return row !== undefined
}
