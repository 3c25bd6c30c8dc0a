/**
 * Filter and sort of every listing and search (issue 39): the colour families, the sorts, the size
 * order and the address form of a filter. Zod-free, so the storefront's first view can use it.
 */

/** The fixed colour families a product may belong to (set in the back office, one per product). */
export const COLOUR_FAMILIES = [
  'black',
  'white',
  'grey',
  'cream',
  'brown',
  'red',
  'pink',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'multi',
] as const
export type ColourFamily = (typeof COLOUR_FAMILIES)[number]

/** Each family's English and Indonesian name and its swatch (a CSS colour; multi is a gradient). */
export const COLOUR_FAMILY_INFO: Record<ColourFamily, { en: string; id: string; swatch: string }> = {
  black: { en: 'Black', id: 'Hitam', swatch: '#1b1b1b' },
  white: { en: 'White', id: 'Putih', swatch: '#ffffff' },
  grey: { en: 'Grey', id: 'Abu-abu', swatch: '#9a9a9a' },
  cream: { en: 'Cream', id: 'Krem', swatch: '#efe4cc' },
  brown: { en: 'Brown', id: 'Cokelat', swatch: '#7a5233' },
  red: { en: 'Red', id: 'Merah', swatch: '#c62828' },
  pink: { en: 'Pink', id: 'Merah muda', swatch: '#f4a6c0' },
  orange: { en: 'Orange', id: 'Oranye', swatch: '#ef7d22' },
  yellow: { en: 'Yellow', id: 'Kuning', swatch: '#f4d03f' },
  green: { en: 'Green', id: 'Hijau', swatch: '#3d8b4f' },
  blue: { en: 'Blue', id: 'Biru', swatch: '#2f5fb3' },
  purple: { en: 'Purple', id: 'Ungu', swatch: '#7b4fa0' },
  multi: {
    en: 'Multicolour',
    id: 'Multiwarna',
    swatch: 'conic-gradient(#c62828, #f4d03f, #3d8b4f, #2f5fb3, #7b4fa0, #c62828)',
  },
}

export function isColourFamily(value: string): value is ColourFamily {
  return (COLOUR_FAMILIES as readonly string[]).includes(value)
}

/**
 * The sorts: `newest` is today's order (a category's merchandised order, search's relevance) and the
 * default; `discount` is the largest percentage off first; `popular` the most units sold in the last
 * POPULAR_DAYS days.
 */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'discount', 'popular'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]
export const POPULAR_DAYS = 30

/** At most this many sizes or colours in one filter. */
export const MAX_FILTER_VALUES = 20
/** The highest price a filter may name, whole rupiah (anything above matches nothing anyway). */
export const MAX_FILTER_PRICE = 1_000_000_000

/** A size as the filter takes it: letters, digits, spaces, '.', '/', '-' (normalised to upper case). */
export const SIZE_VALUE_PATTERN = /^[A-Z0-9][A-Z0-9 ./-]{0,31}$/

/** Normalises a size for matching: trimmed, spaces collapsed, upper case ('all size' is 'ALL SIZE'). */
export function normaliseSize(size: string): string {
  return size.trim().replace(/\s+/g, ' ').toUpperCase()
}

const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL', '5XL']

/**
 * Where a size sits in the filter: letter sizes XS S M L XL XXL in that order, then numbers (28, 29,
 * 30.5) by value, then ages (2Y, 4Y), then anything else by name (ALL SIZE).
 */
function sizeRank(size: string): [number, number, string] {
  const s = normaliseSize(size)
  const letter = LETTER_SIZES.indexOf(s)
  if (letter >= 0) return [0, letter, s]
  if (/^\d+(\.\d+)?$/.test(s)) return [1, Number(s), s]
  const age = /^(\d+)\s*(Y|YR|YRS|T|M|MO)$/.exec(s)
  if (age) return [2, Number(age[1]) * (age[2]!.startsWith('M') ? 1 / 12 : 1), s]
  return [3, 0, s]
}

/** Compares two sizes in the filter's order (a sort callback). */
export function compareSizes(a: string, b: string): number {
  const [ga, na, sa] = sizeRank(a)
  const [gb, nb, sb] = sizeRank(b)
  return ga - gb || na - nb || (sa < sb ? -1 : sa > sb ? 1 : 0)
}

/** A listing's filter and sort as the calls and the address carry them. */
export interface ListingFilter {
  sort?: ListingSort
  size?: string[]
  colour?: ColourFamily[]
  min_price?: number
  max_price?: number
  on_sale?: 'YES'
}

/** The filter's parameters in their fixed order (the address, the cache key, the API call). */
export const LISTING_FILTER_KEYS = ['size', 'colour', 'min_price', 'max_price', 'on_sale', 'sort'] as const

/** How many filters are chosen (the Filter button's number): each size and colour, the price, on sale. */
export function activeFilterCount(filter: ListingFilter): number {
  return (
    (filter.size?.length ?? 0) +
    (filter.colour?.length ?? 0) +
    (filter.min_price !== undefined || filter.max_price !== undefined ? 1 : 0) +
    (filter.on_sale === 'YES' ? 1 : 0)
  )
}

/** True when the filter narrows or reorders the listing (the page is then `noindex, follow`). */
export function isFiltered(filter: ListingFilter): boolean {
  return activeFilterCount(filter) > 0 || (filter.sort !== undefined && filter.sort !== 'newest')
}

/**
 * The filter as query parameters, in a fixed order with sorted values, so one choice always gives one
 * address and one cache key (`size=L,M` and `size=M,L` are the same listing). Empty parts are left out.
 */
export function filterParams(filter: ListingFilter): [string, string][] {
  const params: [string, string][] = []
  const sizes = [...new Set(filter.size ?? [])].sort(compareSizes)
  if (sizes.length) params.push(['size', sizes.join(',')])
  const colours = COLOUR_FAMILIES.filter((c) => filter.colour?.includes(c))
  if (colours.length) params.push(['colour', colours.join(',')])
  if (filter.min_price !== undefined) params.push(['min_price', String(filter.min_price)])
  if (filter.max_price !== undefined) params.push(['max_price', String(filter.max_price)])
  if (filter.on_sale === 'YES') params.push(['on_sale', 'YES'])
  if (filter.sort && filter.sort !== 'newest') params.push(['sort', filter.sort])
  return params
}

/**
 * Reads a filter from an address's parameters, leniently (the storefront: a hand-edited address drops
 * what it cannot read rather than failing the page; the API is strict and answers 400).
 */
export function readFilterParams(params: URLSearchParams): ListingFilter {
  const filter: ListingFilter = {}
  const list = (name: string) =>
    (params.get(name) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  const sort = params.get('sort')
  if (sort && (LISTING_SORTS as readonly string[]).includes(sort)) filter.sort = sort as ListingSort
  const sizes = list('size')
    .map(normaliseSize)
    .filter((s) => SIZE_VALUE_PATTERN.test(s))
  if (sizes.length) filter.size = [...new Set(sizes)].slice(0, MAX_FILTER_VALUES)
  const colours = list('colour')
    .map((c) => c.toLowerCase())
    .filter(isColourFamily)
  if (colours.length) filter.colour = [...new Set(colours)]
  const price = (name: string) => {
    const raw = params.get(name)
    if (raw === null || !/^\d{1,10}$/.test(raw.trim())) return undefined
    const n = Number(raw)
    return n <= MAX_FILTER_PRICE ? n : undefined
  }
  const min = price('min_price')
  const max = price('max_price')
  if (min !== undefined) filter.min_price = min
  if (max !== undefined && (min === undefined || max >= min)) filter.max_price = max
  if (params.get('on_sale') === 'YES') filter.on_sale = 'YES'
  return filter
}
