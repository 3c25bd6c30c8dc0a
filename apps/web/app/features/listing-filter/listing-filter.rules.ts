import {
  COLOUR_FAMILIES,
  compareSizes,
  filterParams,
  LISTING_FILTER_KEYS,
  readFilterParams,
  type ColourFamily,
  type ListingFilter,
  type ListingSort,
} from '@busana/contract'

/**
 * The storefront's side of a listing's filter (issue 39): the address carries the applied filter
 * (contract `filterParams` / `readFilterParams`), the chips and the empty result take filters
 * away (the overlay's own steps are overlay.rules.ts, loaded with it). The contract holds the rules; nothing here repeats them.
 */

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

export const withSort = (filter: ListingFilter, sort: ListingSort): ListingFilter => {
  const next: ListingFilter = { ...filter, sort }
  if (sort === 'newest') delete next.sort
  return next
}

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
