import { sql, type SQL } from 'drizzle-orm'
import {
  AppError,
  COLOUR_FAMILIES,
  MAX_FILTER_PRICE,
  POPULAR_DAYS,
  compareSizes,
  filterParams,
  say,
  type ColourFamily,
  type ListingFacets,
  type ListingFilter,
  type ListingSort,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import type { ResponseCache } from '../../plugins/http-cache.ts'
import { productListingFacts, products } from '../../db/schema/index.ts'

/**
 * Filter and sort of a listing or search (issue 39, decision 054). A listing is a *source*
 * (`ListingSource`): its products and today's order over them (a category's merchandised order,
 * search's relevance). Every product of the source is read with what the filter needs from
 * product_listing_facts, which triggers on products and variants keep in the writing transaction
 * (sizes buyable now: stock after holds above 0 on a product neither sold out nor coming soon; the
 * prices paid now), so a sale, a sell-out or a price change filters at once. The facets of one filter are memoised beside the cached answers (`Memo`) and dropped with them
 * on every catalog change, so the windows of an endless scroll count them once.
 */

/** The filter of a call, as validated by ListingFilterQueryFields. */
export interface ListingFilterQuery {
  sort?: ListingSort
  size?: string[]
  colour?: ColourFamily[]
  min_price?: number
  max_price?: number
  on_sale?: 'YES' | 'NO'
}

/** The filter with its defaults dropped (`on_sale=NO`, `sort=newest`): what changes the answer. */
export function listingFilter(query: ListingFilterQuery): ListingFilter {
  const filter: ListingFilter = {}
  if (query.sort && query.sort !== 'newest') filter.sort = query.sort
  if (query.size?.length) filter.size = query.size
  if (query.colour?.length) filter.colour = query.colour
  if (query.min_price !== undefined) filter.min_price = query.min_price
  if (query.max_price !== undefined) filter.max_price = query.max_price
  if (query.on_sale === 'YES') filter.on_sale = 'YES'
  return filter
}

/** One key per distinct filter (sizes and colours in their fixed order), for caches. */
export function filterKey(filter: ListingFilter): string {
  return new URLSearchParams(filterParams(filter)).toString()
}

/**
 * A validated query as an answer cache key's parameters: the filter's fields as one normalised part,
 * so `size=L,M` and `size=M,L` are one entry.
 */
export function filterCacheParams(
  query: ListingFilterQuery & Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...query,
    sort: undefined,
    size: undefined,
    colour: undefined,
    min_price: undefined,
    max_price: undefined,
    on_sale: undefined,
    filter: filterKey(listingFilter(query)),
  }
}

/** True when the filter narrows the listing (sort alone does not). */
export function narrows(filter: ListingFilter): boolean {
  return (
    !!filter.size?.length ||
    !!filter.colour?.length ||
    filter.min_price !== undefined ||
    filter.max_price !== undefined ||
    filter.on_sale === 'YES'
  )
}

/**
 * Units sold per product since a moment, as a table expression `(product_code, units)`: the orders
 * module answers it (it owns the orders' tables; app.ts hands it over, so the catalog does not import
 * orders, which depends on the catalog).
 */
export type UnitsSoldSince = (since: Date) => SQL

/** Memoises a value under a key until the catalog changes (the API's answer cache, topic catalog). */
export type Memo = <T>(key: string, produce: () => Promise<T>) => Promise<T>

/** No memo: every call computes (tests, scripts). */
export const noMemo: Memo = (_key, produce) => produce()

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

type Part = 'size' | 'colour' | 'price' | 'on_sale'
const PARTS: readonly Part[] = ['size', 'colour', 'price', 'on_sale']

/**
 * A listing: its products as a table expression of `code` and `segment_id` (and whatever its order
 * reads), and today's order over its rows as `b` (a category's merchandised order, search's
 * relevance). The facets never sort; a window sorts only what the filter leaves.
 */
export interface ListingSource {
  rows: SQL
  order: SQL
}

/** Each chosen filter as a condition on a row `f` of product_listing_facts. */
function conditions(filter: ListingFilter): Partial<Record<Part, SQL>> {
  const parts: Partial<Record<Part, SQL>> = {}
  if (filter.size?.length) parts.size = sql`f.buyable && array[${list(filter.size)}]::text[]`
  if (filter.colour?.length) parts.colour = sql`f.colour_family in (${list(filter.colour)})`
  if (filter.min_price !== undefined || filter.max_price !== undefined) {
    const low = filter.min_price ?? 0
    const high = filter.max_price ?? MAX_FILTER_PRICE
    // Most products have one price: their lowest and highest decide; only a range that straddles a
    // bound needs its sizes' prices.
    parts.price = sql`case when f.min_price >= ${low} and f.max_price <= ${high} then true
      when f.max_price < ${low} or f.min_price > ${high} then false
      else exists (select 1 from unnest(f.prices) x where x >= ${low} and x <= ${high}) end`
  }
  if (filter.on_sale === 'YES') parts.on_sale = sql`f.on_sale`
  return parts
}

/**
 * Every product of a source with what the filter reads, as the triggers of migration 0024 keep it
 * in product_listing_facts (its sizes, all and buyable now, its lowest and highest price, whether it
 * shows a struck price and its fraction off, its colour family), and each chosen filter's verdict
 * (`f_size`, `f_colour`, `f_price`, `f_on_sale`), worked out once per product.
 */
function productsOf(source: ListingSource, parts: Partial<Record<Part, SQL>>): SQL {
  const verdicts = PARTS.map((part) => sql`${parts[part] ?? sql`true`} as ${sql.raw(`f_${part}`)}`)
  return sql`select s.code, f.colour_family as colour, f.sizes, f.buyable, f.min_price, f.max_price,
      f.on_sale, ${sql.join(verdicts, sql`, `)}
    from (${source.rows}) s
    join ${productListingFacts} f on f.product_code = s.code`
}

/** The verdicts of the chosen filters but one on a row `b` of productsOf, joined by and. */
function allBut(parts: Partial<Record<Part, SQL>>, left?: Part): SQL {
  const kept = PARTS.filter((p) => p !== left && parts[p]).map((p) => sql.raw(`b.f_${p}`))
  return kept.length ? sql.join(kept, sql` and `) : sql`true`
}

/** What a JSON column of either driver gives: parsed, or its text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/** The facets and how many products the source has before any filter. */
export interface FacetCounts {
  facets: ListingFacets
  /** Products of the source before any filter (search: 0 means the key found nothing). */
  matched: number
}

/**
 * The facets of a filter over a source in one statement: each size of the source's products with
 * how many can be bought in it now, each colour family, the price range and the on-sale count, each
 * counted with the other chosen filters; `total` with all of them.
 */
export async function countFacets(
  db: Db,
  source: ListingSource,
  filter: ListingFilter,
): Promise<FacetCounts> {
  const parts = conditions(filter)
  const result = await db.execute(sql`with b as materialized (${productsOf(source, parts)})
    select
      (select count(*) from b)::int as matched,
      (select count(*) from b where ${allBut(parts)})::int as total,
      (select coalesce(json_agg(json_build_array(a.size, coalesce(c.n, 0))), '[]'::json)
        from (select distinct unnest(b.sizes) as size from b) a
        left join (select s as size, count(*)::int as n from b, unnest(b.buyable) s
          where ${allBut(parts, 'size')} group by s) c on c.size = a.size) as sizes,
      (select coalesce(json_agg(json_build_array(z.colour, z.n)), '[]'::json) from (
        select b.colour, (count(*) filter (where ${allBut(parts, 'colour')}))::int as n
        from b where b.colour is not null group by b.colour) z) as colours,
      (select json_build_array(min(b.min_price), max(b.max_price)) from b where ${allBut(parts, 'price')}) as price,
      (select count(*) from b where b.on_sale and ${allBut(parts, 'on_sale')})::int as on_sale`)
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!
  const sizes = parsed<[string, number][]>(row.sizes as string)
  const colours = parsed<[ColourFamily, number][]>(row.colours as string)
  const [min, max] = parsed<[number | null, number | null]>(row.price as string)
  const colourCount = new Map(colours)
  return {
    matched: Number(row.matched),
    facets: {
      total: Number(row.total),
      size: sizes
        .map(([value, count]) => ({ value, count: Number(count) }))
        .sort((a, b) => compareSizes(a.value, b.value)),
      colour: COLOUR_FAMILIES.filter((c) => colourCount.has(c)).map((value) => ({
        value,
        count: Number(colourCount.get(value)),
      })),
      price: min === null || max === null ? null : { min: Number(min), max: Number(max) },
      on_sale: Number(row.on_sale),
    },
  }
}

/** The order of a sort over rows `b` (and `sold` for popular), today's order breaking ties. */
function orderOf(sort: ListingSort | undefined, today: SQL): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`b.min_price asc, ${today}`
    case 'price_desc':
      return sql`b.max_price desc, ${today}`
    case 'discount':
      return sql`b.discount desc, ${today}`
    case 'popular':
      return sql`coalesce(sold.units, 0) desc, ${today}`
    default:
      return today
  }
}

/**
 * One window of a source under a filter and sort: the codes in order with their segment. The facts
 * are filtered first and only what the filter leaves is sorted. The total comes from the facets
 * (the same filter counted once).
 */
export async function filteredWindow(
  db: Db,
  source: ListingSource,
  filter: ListingFilter,
  window: { limit: number; offset: number },
  unitsSoldSince: UnitsSoldSince | undefined,
): Promise<{ code: string; segmentId: number | null }[]> {
  const parts = conditions(filter)
  const chosen = PARTS.flatMap((part) => (parts[part] ? [parts[part]] : []))
  const popular = filter.sort === 'popular' && unitsSoldSince
  const since = new Date(Date.now() - POPULAR_DAYS * 86_400_000)
  const sort = filter.sort === 'popular' && !popular ? undefined : filter.sort
  const result = await db.execute(sql`select b.code, b.segment_id from (
      select s.*, f.min_price, f.max_price, f.discount from (${source.rows}) s
      join ${productListingFacts} f on f.product_code = s.code
      ${chosen.length ? sql`where ${sql.join(chosen, sql` and `)}` : sql``}) b
    ${popular ? sql`left join ${unitsSoldSince(since)} sold on sold.product_code = b.code` : sql``}
    order by ${orderOf(sort, source.order)}
    limit ${window.limit} offset ${window.offset}`)
  return (result as unknown as { rows: { code: string; segment_id: number | null }[] }).rows.map((r) => ({
    code: r.code,
    segmentId: r.segment_id === null ? null : Number(r.segment_id),
  }))
}

/**
 * Refuses sizes no product of the shop comes in (400 REQ001 naming `size`), rather than answering an
 * empty page to a mistyped address. Sizes of the listing itself (its facets) are known; only others
 * are looked up among the shop's sizes, memoised until the catalog changes.
 */
export async function checkSizes(
  db: Db,
  sizes: readonly string[] | undefined,
  memo: Memo,
  listed: ListingFacets,
): Promise<void> {
  const inListing = new Set(listed.size.map((s) => s.value))
  const others = (sizes ?? []).filter((s) => !inListing.has(s))
  if (!others.length) return
  const known = new Set(
    await memo('sizes', async () => {
      const result =
        await db.execute(sql`select distinct unnest(f.sizes) as size from ${productListingFacts} f
        join ${products} p on p.product_code = f.product_code where p.published_at is not null`)
      return (result as unknown as { rows: { size: string }[] }).rows.map((r) => r.size)
    }),
  )
  const unknown = others.filter((s) => !known.has(s))
  if (unknown.length) {
    throw new AppError(
      'REQ001',
      say(
        `Invalid query parameter 'size': no product comes in ${unknown.join(', ')}`,
        `Parameter kueri 'size' tidak valid: tidak ada produk berukuran ${unknown.join(', ')}`,
      ),
    )
  }
}

/** The memo of an API instance: its answer cache, under `memo|…` keys of the catalog topic. */
export function answerCacheMemo(cache: ResponseCache): Memo {
  return async <T>(key: string, produce: () => Promise<T>) => {
    const entry = await cache.getOrProduce(
      `memo|${key}`,
      async () => JSON.stringify(await produce()),
      'catalog',
      'memo',
    )
    return JSON.parse(entry.body) as T
  }
}
