import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import {
  AppError,
  MAX_ADDRESSES,
  REGION_MESSAGES,
  type Address,
  type AddressBody,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { addresses } from '../../db/schema/index.ts'
import { prepared } from '../../db/prepared.ts'
import { lockMember } from '../members/index.ts'
import { districtPlaces, findVillage, villageNames } from '../regions/index.ts'

/**
 * Saved shipping addresses of a member (docs/product/account.md §2-7, /member/address).
 *
 * Rules:
 * - A member sees and touches only their own addresses: every query is scoped by id_pelanggan, so
 *   another member's id (or a non-numeric one) is simply "not found" (404 ADR001, never 403).
 * - Exactly one primary address per member once they have any. The partial unique index
 *   `addresses_one_primary_uq` makes two primaries impossible; every change runs in one
 *   transaction that first locks the member's customer row, so concurrent changes of the same
 *   member queue instead of racing into the index (on PostgreSQL; PGlite has one connection).
 * - The first address becomes primary; making one primary demotes the other; deleting the primary
 *   promotes the oldest remaining one; a PATCH cannot demote the primary (make another primary).
 * - The sub-district must lie in the district and kode_pos must be its zip_code (422 ADR002), so
 *   shipping rates (by destination_code) and the label on the parcel agree.
 */

/** Columns of the list, with the region names joined in. */
const addressColumns = {
  id_alamat: addresses.idAlamat,
  penerima: addresses.penerima,
  nama_alamat: addresses.namaAlamat,
  hp_penerima: addresses.hpPenerima,
  alamat_lengkap: addresses.alamatLengkap,
  destination_code: addresses.destinationCode,
  kode_pos: addresses.kodePos,
  priority: addresses.priority,
  province_id: districtPlaces.provinceId,
  province: districtPlaces.province,
  city_id: districtPlaces.cityId,
  city: districtPlaces.city,
  district: districtPlaces.district,
  id_address_village: addresses.idAddressVillage,
  village: villageNames.village,
}

function selectAddresses(db: Db) {
  return db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(districtPlaces, eq(districtPlaces.districtId, addresses.destinationCode))
    .leftJoin(villageNames, eq(villageNames.villageId, addresses.idAddressVillage))
}

const toAddress = (row: Awaited<ReturnType<typeof selectAddresses>>[number]): Address => ({
  ...row,
  priority: row.priority === 'primary' ? 'primary' : 'second',
  village: row.id_address_village ? (row.village ?? null) : null,
})

/** The path id as an address id, or null when it cannot be one (then: not found). */
export function parseAddressId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null
}

/** The member's addresses, primary first, then in the order they were added. */
export async function listAddresses(db: Db, idPelanggan: number): Promise<Address[]> {
  const rows = await selectAddresses(db)
    .where(eq(addresses.idPelanggan, idPelanggan))
    .orderBy(sql`case when ${addresses.priority} = 'primary' then 0 else 1 end`, asc(addresses.idAlamat))
  return rows.map(toAddress)
}

/** One of the member's addresses; 404 ADR001 when the id is not theirs. */
export async function getAddress(db: Db, idPelanggan: number, idAlamat: number): Promise<Address> {
  const [row] = await selectAddresses(db)
    .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.idAlamat, idAlamat)))
    .limit(1)
  if (!row) throw new AppError('ADR001')
  return toAddress(row)
}

/**
 * The member's primary address with its region names (one statement), or undefined when she has
 * none. `village` is null when the address lacks its sub-district (it needs an update).
 */
export async function findPrimaryAddress(db: Db, idPelanggan: number): Promise<Address | undefined> {
  const [row] = await primaryAddressOf(db).execute({ idPelanggan })
  return row ? toAddress(row) : undefined
}

/** findPrimaryAddress's query, prepared: every checkout reads it (issue 41, db/prepared.ts). */
const primaryAddressOf = prepared('addresses_primary', (db) =>
  selectAddresses(db)
    .where(and(eq(addresses.idPelanggan, sql.placeholder('idPelanggan')), eq(addresses.priority, 'primary')))
    .limit(1),
)

/** True when any of the member's addresses lacks its sub-district (docs/product: the update banner). */
export async function needsUpdate(db: Db, idPelanggan: number): Promise<boolean> {
  const rows = await db
    .select({ id: addresses.idAlamat })
    .from(addresses)
    .where(and(eq(addresses.idPelanggan, idPelanggan), isNull(addresses.idAddressVillage)))
    .limit(1)
  return rows.length > 0
}

/** Checks that the village lies in the district and kode_pos is its postal code (422 ADR002). */
async function checkRegion(tx: Db, body: AddressBody): Promise<void> {
  const village = await findVillage(tx, body.id_address_village)
  if (!village) {
    throw new AppError('ADR002', REGION_MESSAGES.unknownVillage)
  }
  if (village.districtId !== body.destination_code) {
    throw new AppError('ADR002', REGION_MESSAGES.villageNotInDistrict)
  }
  if (village.zipCode !== body.kode_pos) {
    throw new AppError('ADR002', REGION_MESSAGES.postalIs(village.zipCode))
  }
}

const columnsOf = (body: AddressBody) => ({
  penerima: body.penerima,
  namaAlamat: body.nama_alamat,
  hpPenerima: body.hp_penerima,
  alamatLengkap: body.alamat_lengkap,
  destinationCode: body.destination_code,
  kodePos: body.kode_pos,
  idAddressVillage: body.id_address_village,
})

/** Demotes the member's primary address (other than `except`), within the caller's transaction. */
async function demotePrimary(tx: Db, idPelanggan: number, except: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ priority: 'second', updatedAt: new Date() })
    .where(
      and(
        eq(addresses.idPelanggan, idPelanggan),
        eq(addresses.priority, 'primary'),
        ne(addresses.idAlamat, except),
      ),
    )
}

/**
 * Adds an address (POST /member/alamat). It is primary when asked or when it is the member's
 * first; 422 ADR004 past MAX_ADDRESSES.
 */
export async function addAddress(db: Db, idPelanggan: number, body: AddressBody): Promise<Address> {
  const id = await db.transaction(async (tx) => {
    await lockMember(tx, idPelanggan)
    await checkRegion(tx, body)
    const [existing] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.idPelanggan, idPelanggan))
    const n = Number(existing?.n ?? 0)
    if (n >= MAX_ADDRESSES) throw new AppError('ADR004')
    const primary = body.priority || n === 0
    if (primary) await demotePrimary(tx, idPelanggan, -1)
    const [row] = await tx
      .insert(addresses)
      .values({ idPelanggan, ...columnsOf(body), priority: primary ? 'primary' : 'second' })
      .returning({ id: addresses.idAlamat })
    return row!.id
  })
  return getAddress(db, idPelanggan, id)
}

/**
 * Replaces an address (PATCH /member/alamat/{id}, the same payload as POST). priority true makes
 * it primary; false keeps a primary address primary (there must always be one).
 */
export async function updateAddress(
  db: Db,
  idPelanggan: number,
  idAlamat: number,
  body: AddressBody,
): Promise<Address> {
  await db.transaction(async (tx) => {
    await lockMember(tx, idPelanggan)
    const [current] = await tx
      .select({ priority: addresses.priority })
      .from(addresses)
      .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.idAlamat, idAlamat)))
      .limit(1)
    if (!current) throw new AppError('ADR001')
    await checkRegion(tx, body)
    const primary = body.priority || current.priority === 'primary'
    if (primary) await demotePrimary(tx, idPelanggan, idAlamat)
    await tx
      .update(addresses)
      .set({ ...columnsOf(body), priority: primary ? 'primary' : 'second', updatedAt: new Date() })
      .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.idAlamat, idAlamat)))
  })
  return getAddress(db, idPelanggan, idAlamat)
}

/** Deletes an address (DELETE /member/alamat/{id}); deleting the primary promotes the oldest other. */
export async function deleteAddress(db: Db, idPelanggan: number, idAlamat: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, idPelanggan)
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.idAlamat, idAlamat)))
      .returning({ priority: addresses.priority })
    if (!deleted) throw new AppError('ADR001')
    if (deleted.priority !== 'primary') return
    const [next] = await tx
      .select({ id: addresses.idAlamat })
      .from(addresses)
      .where(eq(addresses.idPelanggan, idPelanggan))
      .orderBy(asc(addresses.idAlamat))
      .limit(1)
    if (next) {
      await tx
        .update(addresses)
        .set({ priority: 'primary', updatedAt: new Date() })
        .where(eq(addresses.idAlamat, next.id))
    }
  })
}

/** Makes an address the member's one primary address (PATCH /member/alamat_priority/{id}). */
export async function makePrimary(db: Db, idPelanggan: number, idAlamat: number): Promise<Address> {
  await db.transaction(async (tx) => {
    await lockMember(tx, idPelanggan)
    const [target] = await tx
      .select({ id: addresses.idAlamat })
      .from(addresses)
      .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.idAlamat, idAlamat)))
      .limit(1)
    if (!target) throw new AppError('ADR001')
    await demotePrimary(tx, idPelanggan, idAlamat)
    await tx
      .update(addresses)
      .set({ priority: 'primary', updatedAt: new Date() })
      .where(eq(addresses.idAlamat, idAlamat))
  })
  return getAddress(db, idPelanggan, idAlamat)
}
