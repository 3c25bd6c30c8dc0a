/**
 * The deterministic demo store, seeded on first start, by `npm run db:seed` and once per API test
 * file.
 *
 * Six sister brands: Prepps (9, the main brand: smart-casual staples plus the junior line Prepps Jr,
 * section id `prepps-jr`, rows with is_child true), Kaina (5, womenswear), Rimba (14, outerwear),
 * Senja Denim (18), Langkah (13, bags and hats) and Kalem (17, basics). Every brand has categories
 * (`new-drop` first, `best-seller`, per-type lists, `sale`), menus, home carousels, a category grid,
 * site settings, social links; payment methods are shared.
 *
 * Product codes read {PREFIX}-{n}: PRP-1001.. (Prepps), PRP-B01..B03 (bundles), PJR-101..
 * (Prepps Jr), KAI-, RMB-, SNJ-, LGK-, KLM-1001... Display states (sale, coming soon with a
 * countdown, sold out, single sizes sold out, pre-order, price ranges, BIG cards, vertical
 * galleries, videos, bundles, canonical colour variants) are spread over products by a seeded
 * PRNG, so the same codes carry the same states on every run; seed.test.ts lists them.
 *
 * Pictures are URLs of the media routes (domains/media): /media/v1/p/... per product (front, back,
 * close-up), banners, tiles and logos; /media/fallback.svg is the storefront's broken-image
 * fallback. Only countdown end_at values depend on the clock (days after seeding, 10:00 WIB).
 */
import { notifyChanged } from '../../cache-invalidation.ts'
import { sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import * as t from '../../db/schema/catalog.ts'
import * as shipping from '../../db/schema/shipping.ts'
import { buildCatalog } from './build.ts'
import { demoVouchers } from './vouchers-data.ts'
import { vouchers } from '../../db/schema/promotions.ts'
import { seedContent } from './content.ts'
import { seedStockLevels } from '../../domains/inventory/index.ts'
import { heldByOrders } from '../../domains/orders/index.ts'
import { COURIER_SERVICES, SHIPPING_RATES, SHIPPING_ZONE_AREAS, SHIPPING_ZONES } from './shipping-data.ts'

export { buildCatalog } from './build.ts'

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters for the widest table. */
const CHUNK = 500

async function insertAll<T extends PgTable>(db: Db, table: T, values: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < values.length; i += CHUNK) {
    await db.insert(table).values(values.slice(i, i + CHUNK) as never)
  }
}

/**
 * Replaces the catalog with the deterministic demo store in one transaction: old catalog rows go,
 * the new ones arrive in one multi-row insert per table. `now` only places countdown ends.
 */
export async function seedCatalog(db: Db, options: { now?: Date } = {}): Promise<void> {
  const rows = buildCatalog(options.now ?? new Date())
  await db.transaction(async (tx) => {
    const d: Db = tx
    // Children first; brands are upserted, not deleted, because other domains may refer to them.
    for (const table of [
      t.relatedProducts,
      t.bundleOptions,
      t.productMedia,
      t.variants,
      t.productCategories,
      t.categorySegments,
      t.homeSliders,
      t.menus,
      t.categories,
      t.products,
      t.socialMedia,
      t.siteSettings,
      t.paymentMethods,
    ]) {
      await d.delete(table)
    }
    await d
      .insert(t.brands)
      .values(rows.brands)
      .onConflictDoUpdate({
        target: t.brands.id,
        set: { name: sql`excluded.name`, slug: sql`excluded.slug`, tagline: sql`excluded.tagline` },
      })
    await insertAll(d, t.categories, rows.categories)
    await insertAll(d, t.categorySegments, rows.segments)
    await insertAll(d, t.menus, rows.menus)
    await insertAll(d, t.products, rows.products)
    await insertAll(d, t.productCategories, rows.productCategories)
    await insertAll(d, t.variants, rows.variants)
    await insertAll(d, t.productMedia, rows.media)
    await insertAll(d, t.relatedProducts, rows.related)
    await insertAll(d, t.bundleOptions, rows.bundleOptions)
    await insertAll(d, t.homeSliders, rows.sliders)
    await insertAll(d, t.siteSettings, rows.settings)
    await insertAll(d, t.socialMedia, rows.social)
    await insertAll(d, t.paymentMethods, rows.payments)
    await seedStockLevels(d, rows.stock, heldByOrders)
    await seedShippingRates(d)
    await seedVouchers(d, options.now ?? new Date())
    await seedContent(d, options.now ?? new Date())
    // Ids were given explicitly (stable across runs); move the sequences past them for later inserts.
    await d.execute(sql`
      select
        setval(pg_get_serial_sequence('categories', 'id'), (select coalesce(max(id), 0) + 1 from categories), false),
        setval(pg_get_serial_sequence('category_segments', 'id'), (select coalesce(max(id), 0) + 1 from category_segments), false),
        setval(pg_get_serial_sequence('menus', 'id'), (select coalesce(max(id), 0) + 1 from menus), false),
        setval(pg_get_serial_sequence('product_media', 'id'), (select coalesce(max(id), 0) + 1 from product_media), false),
        setval(pg_get_serial_sequence('home_sliders', 'id'), (select coalesce(max(id), 0) + 1 from home_sliders), false),
        setval(pg_get_serial_sequence('social_media', 'id'), (select coalesce(max(id), 0) + 1 from social_media), false),
        setval(pg_get_serial_sequence('payment_methods', 'id'), (select coalesce(max(id), 0) + 1 from payment_methods), false)
    `)
  })
  // Every process drops its cached catalog answers and pages (a reseed of a running shop).
  await notifyChanged(db, 'catalog')
}

/**
 * Replaces the rate table (decision 017) with the demo one: six courier services, zones from a
 * Jakarta warehouse and their fares per started kilogram (seed/shipping-data.ts).
 */
export async function seedShippingRates(db: Db): Promise<void> {
  for (const table of [
    shipping.shippingRates,
    shipping.shippingZoneAreas,
    shipping.shippingZones,
    shipping.courierServices,
  ]) {
    await db.delete(table)
  }
  await insertAll(db, shipping.courierServices, COURIER_SERVICES)
  await insertAll(db, shipping.shippingZones, SHIPPING_ZONES)
  await insertAll(db, shipping.shippingZoneAreas, SHIPPING_ZONE_AREAS)
  await insertAll(db, shipping.shippingRates, SHIPPING_RATES)
}

/**
 * The demo vouchers (seed/vouchers-data.ts), upserted by code: their terms are reset, the uses
 * already counted are kept (orders may hold them).
 */
export async function seedVouchers(db: Db, now: Date): Promise<void> {
  for (const row of demoVouchers(now)) {
    const terms = {
      name: row.name,
      type: row.type,
      value: row.value,
      maxDiscount: row.maxDiscount ?? null,
      minPurchase: row.minPurchase ?? 0,
      usageLimit: row.usageLimit ?? null,
      startsAt: row.startsAt ?? null,
      endsAt: row.endsAt ?? null,
      active: true,
    }
    await db.insert(vouchers).values(row).onConflictDoUpdate({ target: vouchers.code, set: terms })
  }
}
