/**
 * Shipping rules shared by the API and the storefront (decision 017): couriers charge per started
 * kilogram of the parcel, at least one.
 */

/** Grams in a kilogram. */
export const GRAMS_PER_KG = 1000

/** Started kilograms of a parcel: 1 g-1000 g is 1 kg, 1001 g is 2 kg; an empty parcel still 1. */
export function startedKilograms(grams: number): number {
  if (!Number.isFinite(grams) || grams < 0) throw new RangeError(`invalid parcel weight: ${grams}`)
  return Math.max(1, Math.ceil(grams / GRAMS_PER_KG))
}

/** A parcel's weight in grams: each piece's weight × its quantity. */
export function parcelGrams(pieces: readonly { weightGrams: number; qty: number }[]): number {
  return pieces.reduce((sum, piece) => sum + piece.weightGrams * piece.qty, 0)
}

/** The fare (tarif) in whole rupiah: the price per kilogram × the parcel's started kilograms. */
export function shippingFare(pricePerKg: number, grams: number): number {
  return Math.round(pricePerKg) * startedKilograms(grams)
}

/** The delivery estimate as couriers print it: '1' for one day, '2-3' for a range. */
export function etdLabel(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`
}
