/**
 * The listing bench's fixture (issue 39, "Speed"): 10,000 published products of brand 9 in one
 * category (`bench-10k`, plain, in a merchandised order), every fifth of them also in a mid-size
 * category (`bench-2k`, three segments). Each product has 3–7 variants: letter sizes (a run of 3 or 4
 * of S M L XL) or waist sizes (a run of 3 to 7 of 28–34); base prices from Rp 50.000 to Rp 900.000,
 * most of them low as in a real shop (the square of a uniform draw); a tenth priced by size (a
 * price range), a fifth of the others with a struck price (`harga_coret`, ON-SALE), a quarter of the
 * variants out of stock and one product in twenty sold out; a colour family from the fixed list, when
 * the database has the column (a tree from before migration 0023 has not: the column is skipped).
 * Three gallery images each, stock in warehouse 1 as the variants say. The stock is inventory's
 * sellable_stock since migration 0027 (issue 42), variants.stock in a tree from before it.
 *
 * Deterministic (a seeded generator and fixed dates), so two databases filled by it, e.g. before and
 * after a change, hold the same rows. Written with one INSERT … SELECT FROM json_to_recordset per
 * table and chunk through the app's Drizzle handle (raw SQL): a few seconds on PGlite.
 */
import { sql } from 'drizzle-orm'
import { COLOUR_FAMILIES } from '../../packages/contract/src/catalog/listing-filter.rules.ts'
import type { Db } from '../../apps/api/src/db/client.ts'

export const BIG_CATEGORY = 'bench-10k'
export const MID_CATEGORY = 'bench-2k'
const PREFIX = 'BENCH-'
const LETTER_SIZES = ['S', 'M', 'L', 'XL']
const WAIST_SIZES = ['28', '29', '30', '31', '32', '33', '34']
const GARMENTS = ['Kemeja', 'Blus', 'Kaos', 'Celana', 'Rok', 'Outer', 'Dress', 'Jaket', 'Tunik', 'Kulot']
const WORDS = ['Linen', 'Katun', 'Rayon', 'Denim', 'Tenun', 'Batik', 'Polos', 'Garis', 'Kotak', 'Bunga']
/** created_at / published_at of product 1; each next product is a minute older. */
const NEWEST = Date.UTC(2026, 0, 1)
const CHUNK = 2000

/** mulberry32: a small seeded generator, so every fill writes the same rows. */
function generator(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const thousand = (n: number) => Math.round(n / 1000) * 1000

interface ProductRow {
  product_code: string
  product_name: string
  product_name_alt: string
  description_without_tags: string
  product_lable: string
  start_price: number
  end_price: number
  selling_price: number
  harga_coret: string
  sold_qty: number
  colour_family: string
  created_at: string
}
interface VariantRow {
  sku_product: string
  product_code: string
  ukuran: string
  selling_price: number
  stock: number
  position: number
}

/** The rows of `count` products, their variants, and the products' order in the big category. */
export function listingFixtureRows(count: number) {
  const random = generator(39)
  const products: ProductRow[] = []
  const variants: VariantRow[] = []
  for (let i = 1; i <= count; i++) {
    const code = `${PREFIX}${String(i).padStart(5, '0')}`
    const waist = random() < 0.35
    const scale = waist ? WAIST_SIZES : LETTER_SIZES
    const n = waist ? 3 + Math.floor(random() * 5) : 3 + Math.floor(random() * 2)
    const first = Math.floor(random() * (scale.length - n + 1))
    const sizes = scale.slice(first, first + n)
    const base = thousand(50_000 + 850_000 * random() ** 2)
    const ranged = random() < 0.1
    const soldOut = random() < 0.05
    const sale = !ranged && random() < 0.2
    const prices = sizes.map((_, k) => Math.min(900_000, ranged ? thousand(base * (1 + 0.1 * k)) : base))
    sizes.forEach((ukuran, position) =>
      variants.push({
        sku_product: `${code}-${ukuran}`,
        product_code: code,
        ukuran,
        selling_price: prices[position]!,
        stock: soldOut || random() < 0.25 ? 0 : 1 + Math.floor(random() * 40),
        position,
      }),
    )
    const garment = GARMENTS[Math.floor(random() * GARMENTS.length)]!
    const word = WORDS[Math.floor(random() * WORDS.length)]!
    products.push({
      product_code: code,
      product_name: `${garment} ${word} ${i}`,
      product_name_alt: `Bench ${garment} ${i}`,
      description_without_tags: `${garment} ${word.toLowerCase()} untuk bench listing.`,
      product_lable: sale ? 'ON-SALE' : '',
      start_price: ranged ? Math.min(...prices) : 0,
      end_price: ranged ? Math.max(...prices) : 0,
      selling_price: Math.min(...prices),
      harga_coret: sale ? String(thousand(base * (1.25 + random() * 0.5))) : '0',
      sold_qty: Math.floor(random() * 500),
      colour_family: COLOUR_FAMILIES[Math.floor(random() * COLOUR_FAMILIES.length)]!,
      created_at: new Date(NEWEST - i * 60_000).toISOString(),
    })
  }
  // The merchandised order of the big category: a shuffle, so it follows neither price nor age.
  const order = products.map((p) => p.product_code)
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1))
    ;[order[k], order[j]] = [order[j]!, order[k]!]
  }
  return { products, variants, order }
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

export interface ListingFixture {
  big: { name: string; products: number }
  mid: { name: string; products: number }
  /** False on a database without products.colour_family (before migration 0023). */
  colourFamily: boolean
  ms: number
}

/**
 * Writes the fixture into `db` (brand 9 made if missing); the categories are replaced if present.
 * Ends with ANALYZE, as a live database's statistics would be.
 */
export async function fillListingFixture(db: Db, count = 10_000): Promise<ListingFixture> {
  const started = performance.now()
  const { products, variants, order } = listingFixtureRows(count)
  const [column] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and table_name = 'products' and column_name = 'colour_family'`,
  )
  const colourFamily = Number(column?.n) > 0
  const [stockTable] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_name = 'sellable_stock'`,
  )
  const sellable = Number(stockTable?.n) > 0
  await db.execute(
    sql`insert into brands (id, name, slug) values (9, 'Busana Woman', 'woman') on conflict do nothing`,
  )
  await db.execute(
    sql`delete from categories where id_brand = 9 and name in (${BIG_CATEGORY}, ${MID_CATEGORY})`,
  )
  await db.execute(sql`delete from products where product_code like ${PREFIX + '%'}`)
  for (let from = 0; from < products.length; from += CHUNK) {
    const json = JSON.stringify(products.slice(from, from + CHUNK))
    await db.execute(sql`
      insert into products (product_code, id_brand, product_name, product_name_alt, description,
        description_without_tags, product_lable, start_price, end_price, selling_price, harga_coret, sold_qty,
        ${colourFamily ? sql`colour_family,` : sql``} created_at, updated_at, published_at)
      select x.product_code, 9, x.product_name, x.product_name_alt, '<p>' || x.description_without_tags || '</p>',
        x.description_without_tags, x.product_lable, x.start_price, x.end_price, x.selling_price, x.harga_coret,
        x.sold_qty, ${colourFamily ? sql`x.colour_family,` : sql``} x.created_at, x.created_at, x.created_at
      from json_to_recordset(${json}::json) as x(product_code varchar, product_name text, product_name_alt text,
        description_without_tags text, product_lable varchar, start_price int, end_price int, selling_price int,
        harga_coret varchar, sold_qty int, colour_family varchar, created_at timestamptz)`)
  }
  for (let from = 0; from < variants.length; from += CHUNK * 3) {
    const json = JSON.stringify(variants.slice(from, from + CHUNK * 3))
    const recordset = sql`json_to_recordset(${json}::json) as x(sku_product varchar, product_code varchar,
      ukuran varchar, selling_price int, stock int, position int)`
    if (sellable) {
      await db.execute(sql`
        insert into variants (sku_product, product_code, ukuran, selling_price, position)
        select x.sku_product, x.product_code, x.ukuran, x.selling_price, x.position from ${recordset}`)
      await db.execute(sql`
        insert into sellable_stock (sku_product, stock) select x.sku_product, x.stock from ${recordset}`)
    } else {
      await db.execute(sql`
        insert into variants (sku_product, product_code, ukuran, selling_price, stock, position)
        select x.sku_product, x.product_code, x.ukuran, x.selling_price, x.stock, x.position from ${recordset}`)
    }
  }
  await db.execute(sql`
    insert into product_media (product_code, type, url, src, position)
    select p.product_code, 'image', u.url, u.url, u.n - 1
    from products p, lateral (select n, '/media/v1/bench/' || lower(p.product_code) || '-' || n || '.webp' as url
      from generate_series(1, 3) n) u
    where p.product_code like ${PREFIX + '%'}`)
  await db.execute(sql`
    insert into stock_levels (sku_product, id_warehouse, on_hand)
    select v.sku_product, 1, ${sellable ? sql`s.stock` : sql`v.stock`}
    from variants v ${sellable ? sql`join sellable_stock s on s.sku_product = v.sku_product` : sql``}
    where v.product_code like ${PREFIX + '%'} and exists (select 1 from warehouses w where w.id = 1)
    on conflict do nothing`)
  const [big] = await rows<{ id: number }>(
    db,
    sql`insert into categories (id_brand, name, title, priority)
      values (9, ${BIG_CATEGORY}, 'Bench 10.000', 1000) returning id`,
  )
  const [mid] = await rows<{ id: number }>(
    db,
    sql`insert into categories (id_brand, name, title, priority)
      values (9, ${MID_CATEGORY}, 'Bench 2.000', 1001) returning id`,
  )
  const segments = await rows<{ id: number }>(
    db,
    sql`insert into category_segments (category_id, name, priority)
      values (${mid!.id}, 'Baru', 1), (${mid!.id}, 'Favorit', 2), (${mid!.id}, 'Lainnya', 3) returning id`,
  )
  const placed = JSON.stringify(order.map((code, position) => ({ code, position })))
  await db.execute(sql`
    insert into product_categories (category_id, product_code, position)
    select ${big!.id}, x.code, x.position from json_to_recordset(${placed}::json) as x(code varchar, position int)`)
  // Every fifth product of the big listing, in three segments of growing size.
  const midCodes = order.filter((_, k) => k % 5 === 0)
  const inMid = JSON.stringify(
    midCodes.map((code, position) => ({
      code,
      position,
      segment: segments[position < midCodes.length / 6 ? 0 : position < midCodes.length / 2 ? 1 : 2]!.id,
    })),
  )
  await db.execute(sql`
    insert into product_categories (category_id, product_code, segment_id, position)
    select ${mid!.id}, x.code, x.segment, x.position
    from json_to_recordset(${inMid}::json) as x(code varchar, position int, segment int)`)
  await db.execute(sql`analyze`)
  return {
    big: { name: BIG_CATEGORY, products: order.length },
    mid: { name: MID_CATEGORY, products: midCodes.length },
    colourFamily,
    ms: performance.now() - started,
  }
}
