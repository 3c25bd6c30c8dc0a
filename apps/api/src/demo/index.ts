import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { courierServices, faqCategories, products } from '../db/schema/index.ts'
import { seedCatalog, seedShippingRates } from './seed/index.ts'
import { seedContent } from './seed/content.ts'
import { seedDemoReviews } from './seed/reviews-seed.ts'
import { PAST_ORDER_DAYS, seedDemoPastOrders } from './seed/past-orders.ts'

/**
 * The demo store: six sister brands' catalogue, homes, vouchers, shipping rates, help pages and
 * reviews (seed/), and the drawings its pictures are (art/). Production code never imports this
 * folder statically (the lint rule `apiDemoApart` in eslint.config.js): the server loads it with a
 * dynamic import only when SEED_ON_START asks for the demo, and the media routes load the art on
 * the first request for a demo picture (decision 042).
 */

/**
 * Seeds what an empty database lacks of the demo store: the catalogue, its reviews and a few months
 * of past orders (issue 30) when there are no products; otherwise the rates and the help content if
 * an older demo database predates them.
 */
export async function seedDemoStore(database: Database, log: (message: string) => void): Promise<void> {
  if (await isEmpty(database, products)) {
    log('empty catalog: seeding the demo store')
    await seedCatalog(database.db)
    await seedDemoReviews(database.db)
    // A few months of orders, so the back office's sales overview has something to show (issue 30).
    const started = performance.now()
    const past = await seedDemoPastOrders(database.db)
    if (past) {
      log(
        `demo past orders: ${past.orders} orders of ${past.customers} buyers over ${PAST_ORDER_DAYS} days ` +
          `in ${Math.round(performance.now() - started)} ms`,
      )
    }
  } else if (await isEmpty(database, courierServices)) {
    // A demo database seeded before the rate table existed (migration 0005) gets the demo rates.
    log('empty shipping rate table: seeding the demo rates')
    await seedShippingRates(database.db)
  }
  if (await isEmpty(database, faqCategories)) {
    // A demo database seeded before migration 0013 gets the demo help, articles and stores.
    log('no help content: seeding the demo help, articles and stores')
    await seedContent(database.db)
  }
}

/** Reseeds the demo catalogue and its reviews (`npm run db:seed`); returns the reviews written. */
export async function reseedDemoCatalog(database: Database): Promise<number> {
  await seedCatalog(database.db)
  return seedDemoReviews(database.db)
}

async function isEmpty(
  database: Database,
  table: typeof products | typeof courierServices | typeof faqCategories,
) {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table)
  return Number(row?.n ?? 0) === 0
}
