import type { FastifyBaseLogger } from 'fastify'
import {
  AppError,
  REGION_MESSAGES,
  say,
  CHECKOUT_WAREHOUSE_ID,
  etdLabel,
  type CheckoutData,
  type CheckoutLine,
  type DeliveryPackage,
  type RecipientAddress,
} from '@busana/contract/schemas'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type {
  ShippingDestination,
  ShippingProvider,
  ShippingQuoteRequest,
} from '../../providers/shipping/index.ts'
import { findPrimaryAddress } from '../addresses/index.ts'
import { checkCheckoutLines } from '../cart/index.ts'
import { findDistrict, findVillage } from '../regions/index.ts'

/**
 * The checkout data (docs/product/shopping.md §3, 4 and 7; decision 017): POST /orders/cart_new for a
 * member, POST /orders/cart_guest for a guest by phone.
 *
 * Rules, in order:
 * - The ticked lines are checked with the bag's own rules (cart's checkout-lines.ts, checkCheckoutLines): an
 *   unknown product or sku 404 CRT004, bundle rules BND001-BND004, unavailable 422 CRT003, summed
 *   demand past stock 422 CRT002. Nothing is written and nothing is reserved (checkout reserves).
 * - Member: the parcel goes to the primary address. None, or one without its sub-district (the
 *   addresses domain's "need update"), is 422 SON006; the client goes to /member/address.
 * - Guest: the destination is the guest form's district (destination_code) and its sub-district,
 *   which must lie in it (422 ADR002 naming the field).
 * - The parcel weighs the sum of each piece's packed weight × qty (bundle parts, not the bundle's
 *   own sku); the rate provider prices its started kilograms. No service for the destination is
 *   422 DVY001; a provider that fails or takes longer than SHIPPING_TIMEOUT_MS is 503 SHP001
 *   (retry), never a made-up fare.
 */

export interface ShippingContext {
  db: Db
  shipping: ShippingProvider
  config: Config
  log: FastifyBaseLogger
}

/**
 * Asks the provider for quotes within SHIPPING_TIMEOUT_MS. A failure or a timeout is logged and
 * answered 503 SHP001: the shopper may retry; no fare is invented.
 */
async function quote(
  ctx: ShippingContext,
  request: ShippingQuoteRequest,
): Promise<(DeliveryPackage & { code: string })[]> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`shipping provider '${ctx.shipping.name}' timed out`))
    }, ctx.config.SHIPPING_TIMEOUT_MS)
  })
  try {
    const quotes = await Promise.race([ctx.shipping.quote(request, controller.signal), timeout])
    return quotes.map((q) => ({
      id: q.id,
      code: q.code,
      name: q.name,
      provider: q.provider,
      tarif: q.tarif,
      packing_fee: q.packingFee,
      etd_min: q.etdMin,
      etd_max: q.etdMax,
      etd: etdLabel(q.etdMin, q.etdMax),
    }))
  } catch (error) {
    ctx.log.warn({ err: error, provider: ctx.shipping.name }, 'shipping rates unavailable')
    throw new AppError('SHP001')
  } finally {
    clearTimeout(timer)
  }
}

/** Prices a parcel of `weightGrams` to the destination; DVY001 when nobody delivers there. */
export async function packagesFor(
  ctx: ShippingContext,
  destination: ShippingDestination,
  weightGrams: number,
): Promise<{ jenis_paket_list: DeliveryPackage[]; weight_grams: number }> {
  const { packages } = await quotedPackages(ctx, destination, weightGrams)
  return { jenis_paket_list: packages, weight_grams: weightGrams }
}

/**
 * packagesFor's services with each one's stable courier code ('jne:reg', by id), which the order
 * keeps for tracking (decision 021): the checkout reads it from the quote, not again.
 */
export async function quotedPackages(
  ctx: ShippingContext,
  destination: ShippingDestination,
  weightGrams: number,
): Promise<{ packages: DeliveryPackage[]; codes: Map<number, string> }> {
  const list = await quote(ctx, {
    origin: { warehouseId: CHECKOUT_WAREHOUSE_ID, cityId: ctx.config.WAREHOUSE_CITY_ID },
    destination,
    weightGrams,
  })
  if (list.length === 0) throw new AppError('DVY001')
  return {
    packages: list.map(({ code: _code, ...service }) => service),
    codes: new Map(list.map((service) => [service.id, service.code])),
  }
}

/** The member's primary address with its region names; SON006 when missing or needing an update. */
export async function primaryAddress(db: Db, idPelanggan: number) {
  const row = await findPrimaryAddress(db, idPelanggan)
  if (!row)
    throw new AppError(
      'SON006',
      say(
        'Please add a shipping address before checkout',
        'Silakan tambahkan alamat pengiriman sebelum checkout',
      ),
    )
  if (!row.id_address_village || !row.village) {
    throw new AppError(
      'SON006',
      say(
        'Please update your shipping address: choose its sub-district before checkout',
        'Silakan perbarui alamat pengiriman Anda: pilih kelurahannya sebelum checkout',
      ),
    )
  }
  return {
    id_alamat: row.id_alamat,
    penerima: row.penerima,
    alamat_lengkap: row.alamat_lengkap,
    district: row.district,
    city: row.city,
    city_id: row.city_id,
    province: row.province,
    province_id: row.province_id,
    kode_pos: row.kode_pos,
    hp_penerima: row.hp_penerima,
    destination_code: row.destination_code,
    id_address_village: row.id_address_village,
    village: row.village,
  }
}

/** POST /orders/cart_new: the ticked lines checked, the primary address and its packages. */
export async function memberCheckoutData(
  ctx: ShippingContext,
  idPelanggan: number,
  lines: readonly CheckoutLine[],
): Promise<CheckoutData> {
  const { weightGrams } = await checkCheckoutLines(ctx.db, lines)
  const { city_id, province_id, ...address } = await primaryAddress(ctx.db, idPelanggan)
  const alamat: RecipientAddress = address
  const packages = await packagesFor(
    ctx,
    {
      districtId: address.destination_code,
      cityId: city_id,
      provinceId: province_id,
      postalCode: address.kode_pos,
    },
    weightGrams,
  )
  return { alamat_penerima: alamat, ...packages }
}

/** The guest form's destination: the district and its sub-district (422 ADR002 otherwise). */
async function guestDestination(
  db: Db,
  destinationCode: string,
  villageId: string,
): Promise<ShippingDestination> {
  const district = await findDistrict(db, destinationCode)
  if (!district) throw new AppError('ADR002', REGION_MESSAGES.unknownDistrict)
  const village = await findVillage(db, villageId)
  if (!village || village.districtId !== destinationCode) {
    throw new AppError('ADR002', REGION_MESSAGES.villageNotInDistrict)
  }
  return {
    districtId: destinationCode,
    cityId: district.cityId,
    provinceId: district.provinceId,
    postalCode: village.zipCode,
  }
}

/** POST /orders/cart_guest: the ticked lines checked and the packages to the guest's destination. */
export async function guestCheckoutData(
  ctx: ShippingContext,
  body: { products: readonly CheckoutLine[]; destination_code: string; id_address_village: string },
): Promise<CheckoutData> {
  const { weightGrams } = await checkCheckoutLines(ctx.db, body.products)
  const destination = await guestDestination(ctx.db, body.destination_code, body.id_address_village)
  return { alamat_penerima: null, ...(await packagesFor(ctx, destination, weightGrams)) }
}
