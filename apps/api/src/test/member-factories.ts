import { customers } from '../db/schema/index.ts'
import type { Db } from '../db/client.ts'
import { issueSession } from '../plugins/auth.ts'

let sequence = 0

/**
 * A signed-in shopper for member-call tests: a customer row inserted directly and a session from
 * plugins/auth.ts (the members API is not needed). Returns the customer id and its token.
 */
export async function createSignedInMember(
  db: Db,
  options: { isGuest?: boolean } = {},
): Promise<{ idPelanggan: number; token: string }> {
  const n = ++sequence
  const [row] = await db
    .insert(customers)
    .values({
      nama: `Member ${n}`,
      email: options.isGuest ? null : `member-${n}-${Date.now()}@example.test`,
      hp: `08123${String(n).padStart(7, '0')}`,
      isVerified: true,
      isGuest: options.isGuest ?? false,
    })
    .returning({ id: customers.idPelanggan })
  const token = await issueSession(db, row!.id, options.isGuest ?? false)
  return { idPelanggan: row!.id, token }
}

/** A primary address in Gambir, Jakarta Pusat: the warehouse's own city (the rate table's LOCAL zone). */
export const GAMBIR_ADDRESS = {
  penerima: 'Siti Rahma',
  namaAlamat: 'Home',
  hpPenerima: '081234567890',
  alamatLengkap: 'Jl. Medan Merdeka Barat No. 12, RT 01/RW 02',
  destinationCode: '31.71.01',
  kodePos: '10110',
  idAddressVillage: '31.71.01.1001',
  priority: 'primary',
}
