import {
  COLOUR_FAMILIES,
  compareSizes,
  filterParams,
  MAX_FILTER_PRICE,
  LISTING_FILTER_KEYS,
  readFilterParams,
  type ColourFamily,
  type ListingFacets,
  type ListingFilter,
  type ListingSort,
} from '@busana/contract'

/**
 * The storefront's side of a listing's filter (issue 39): the address carries the applied filter
 * (contract `filterParams` / `readFilterParams`), the overlay edits a pending copy, and these pure
 * steps turn one into the other. The contract holds the rules; nothing here repeats them.
 */

/** The price presets the overlay offers, whole rupiah (`max` inclusive; a missing end is open). */
export const PRICE_PRESETS: ReadonlyArray<{ id: string; min?: number; max?: number }> = [
  { id: 'under100', max: 100_000 },
  { id: '100to250', min: 100_000, max: 250_000 },
  { id: '250to500', min: 250_000, max: 500_000 },
  { id: 'over500', min: 500_000 },
]
export type PricePreset = (typeof PRICE_PRESETS)[number]

/** One removable chip above the cards: what it names and the filter it leaves when removed. */
export type FilterChip =
  | { kind: 'size'; value: string }
  | { kind: 'colour'; value: ColourFamily }
  | { kind: 'price'; min?: number; max?: number }
  | { kind: 'on_sale' }

/** A stable key of a chip (React keys, the "last filter" kept in the history entry). */
export const chipKey = (chip: FilterChip): string =>
  chip.kind === 'size' || chip.kind === 'colour'
    ? `${chip.kind}:${chip.value}`
    : chip.kind === 'price'
      ? 'price'
      : 'on_sale'

/** The chosen filters as chips, in the address's order (sizes, colours, price, on sale). */
export function filterChips(filter: ListingFilter): FilterChip[] {
  const chips: FilterChip[] = []
  for (const size of [...new Set(filter.size ?? [])].sort(compareSizes))
    chips.push({ kind: 'size', value: size })
  for (const colour of COLOUR_FAMILIES)
    if (filter.colour?.includes(colour)) chips.push({ kind: 'colour', value: colour })
  if (filter.min_price !== undefined || filter.max_price !== undefined)
    chips.push({ kind: 'price', min: filter.min_price, max: filter.max_price })
  if (filter.on_sale === 'YES') chips.push({ kind: 'on_sale' })
  return chips
}

/** The filter without one chip (the sort is kept). */
export function withoutChip(filter: ListingFilter, chip: FilterChip): ListingFilter {
  const next: ListingFilter = { ...filter }
  if (chip.kind === 'size') next.size = filter.size?.filter((s) => s !== chip.value)
  if (chip.kind === 'colour') next.colour = filter.colour?.filter((c) => c !== chip.value)
  if (chip.kind === 'price') {
    delete next.min_price
    delete next.max_price
  }
  if (chip.kind === 'on_sale') delete next.on_sale
  if (!next.size?.length) delete next.size
  if (!next.colour?.length) delete next.colour
  return next
}

/** Every filter cleared, the sort kept ("Clear all"). */
export const clearedFilter = (filter: ListingFilter): ListingFilter =>
  filter.sort ? { sort: filter.sort } : {}

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

export const withSort = (filter: ListingFilter, sort: ListingSort): ListingFilter => {
  const next: ListingFilter = { ...filter, sort }
  if (sort === 'newest') delete next.sort
  return next
}

/** True when the preset is the filter's price range exactly. */
export const isPresetChosen = (filter: ListingFilter, preset: PricePreset) =>
  filter.min_price === preset.min && filter.max_price === preset.max

/**
 * The address's query string for a filter: the page's own parameters (the search query, ?lng,
 * campaign tags) kept in their order, then the filter's in the contract's fixed order.
 */
export function filterSearch(current: string | URLSearchParams, filter: ListingFilter): string {
  const params = new URLSearchParams(current)
  for (const key of LISTING_FILTER_KEYS) params.delete(key)
  for (const [key, value] of filterParams(filter)) params.append(key, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The address's filter (lenient: what it cannot read is dropped). */
export const filterOfSearch = (search: string | URLSearchParams) =>
  readFilterParams(new URLSearchParams(search))

/** One identity per filter (the endless list's key): the same choices give the same string. */
export const filterIdentity = (filter: ListingFilter) => new URLSearchParams(filterParams(filter)).toString()

/**
 * The chip whose removal an empty result offers: the one the shopper added last when this page knows
 * it (kept in the history entry), else the last in the address's order.
 */
export function lastChip(filter: ListingFilter, lastAddedKey?: string | null): FilterChip | undefined {
  const chips = filterChips(filter)
  return chips.find((chip) => chipKey(chip) === lastAddedKey) ?? chips.at(-1)
}

/** The key of a chip `next` has that `previous` had not (what a change added), if any. */
export function addedChipKey(previous: ListingFilter, next: ListingFilter): string | null {
  const before = new Set(filterChips(previous).map(chipKey))
  const added = filterChips(next).filter((chip) => !before.has(chipKey(chip)))
  if (added.length) return chipKey(added.at(-1)!)
  // A changed price range counts as adding the price filter.
  const price = filterChips(next).find((chip) => chip.kind === 'price')
  if (price && (previous.min_price !== next.min_price || previous.max_price !== next.max_price))
    return chipKey(price)
  return null
}

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
