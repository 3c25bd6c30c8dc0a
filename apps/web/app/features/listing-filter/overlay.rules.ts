import {
  COLOUR_FAMILIES,
  MAX_FILTER_PRICE,
  type ColourFamily,
  type ListingFacets,
  type ListingFilter,
} from '@busana/contract'

/**
 * The overlay's steps (issue 39): toggles, the price range and its presets, which choices can be
 * picked. Apart from the address's steps (listing-filter.rules.ts), so they load with the overlay.
 */

/** The price presets the overlay offers, whole rupiah (`max` inclusive; a missing end is open). */
export const PRICE_PRESETS: ReadonlyArray<{ id: string; min?: number; max?: number }> = [
  { id: 'under100', max: 100_000 },
  { id: '100to250', min: 100_000, max: 250_000 },
  { id: '250to500', min: 250_000, max: 500_000 },
  { id: 'over500', min: 500_000 },
]
export type PricePreset = (typeof PRICE_PRESETS)[number]

/** Adds or removes one size. */
export function toggleSize(filter: ListingFilter, size: string): ListingFilter {
  const sizes = filter.size ?? []
  return withList(filter, 'size', sizes.includes(size) ? sizes.filter((s) => s !== size) : [...sizes, size])
}

/** Adds or removes one colour family. */
export function toggleColour(filter: ListingFilter, colour: ColourFamily): ListingFilter {
  const colours = filter.colour ?? []
  return withList(
    filter,
    'colour',
    colours.includes(colour) ? colours.filter((c) => c !== colour) : [...colours, colour],
  )
}

function withList<K extends 'size' | 'colour'>(
  filter: ListingFilter,
  key: K,
  values: NonNullable<ListingFilter[K]>,
): ListingFilter {
  const next = { ...filter, [key]: values }
  if (!values.length) delete next[key]
  return next
}

/** Sets the price range (an undefined end is open); an empty range removes the price filter. */
export function withPrice(filter: ListingFilter, min: number | undefined, max: number | undefined) {
  const next: ListingFilter = { ...filter, min_price: min, max_price: max }
  if (min === undefined) delete next.min_price
  if (max === undefined) delete next.max_price
  return next
}

export const withOnSale = (filter: ListingFilter, on: boolean): ListingFilter => {
  const next: ListingFilter = { ...filter, on_sale: 'YES' }
  if (!on) delete next.on_sale
  return next
}

/** True when the preset is the filter's price range exactly. */
export const isPresetChosen = (filter: ListingFilter, preset: PricePreset) =>
  filter.min_price === preset.min && filter.max_price === preset.max

/**
 * Whether a choice can be picked: a choice that would show nothing is disabled, unless it is chosen
 * already (the shopper must always be able to take it back).
 */
export const choiceEnabled = (count: number, chosen: boolean) => chosen || count > 0

/** A facet's count for one value (0 when the facet does not list it). */
export function facetCount(facet: ReadonlyArray<{ value: string; count: number }>, value: string) {
  return facet.find((entry) => entry.value === value)?.count ?? 0
}

/**
 * The sizes to offer: the facet's (already in size order), plus any chosen size the facet no longer
 * lists (shown with 0 so it can be taken back).
 */
export function sizeChoices(facets: ListingFacets, filter: ListingFilter) {
  const listed = facets.size.map((entry) => entry.value)
  const extra = (filter.size ?? []).filter((size) => !listed.includes(size))
  return [...facets.size, ...extra.map((value) => ({ value, count: 0 }))]
}

/** The colour families to offer, in the fixed order, plus any chosen one the facet does not list. */
export function colourChoices(facets: ListingFacets, filter: ListingFilter) {
  return COLOUR_FAMILIES.filter(
    (colour) => facets.colour.some((entry) => entry.value === colour) || filter.colour?.includes(colour),
  ).map((value) => ({ value, count: facetCount(facets.colour, value) }))
}

/**
 * A rupiah field's text as a whole number: digits only ('Rp 100.000', '100,000' and '100000' are
 * all 100000); empty or no digit is undefined.
 */
export function parseRupiah(text: string): number | undefined {
  const digits = text.replace(/\D/g, '')
  if (!digits) return undefined
  return Math.min(Number(digits.slice(0, 10)), MAX_FILTER_PRICE)
}
