import { sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from './client.ts'
import { seedCatalog, seedShippingRates } from './seed/index.ts'
import { seedDemoReviews } from './seed/reviews-seed.ts'
import { seedContent } from './seed/content.ts'
import { areRegionsEmpty, loadRegions } from './seed/regions.ts'
import { courierServices, faqCategories, products } from './schema/index.ts'

/**
 * Opens the configured database, runs migrations, seeds the demo catalog when it is empty and
 * loads the Indonesian regions when none are loaded (reference data for addresses, loaded whatever
 * SEED_ON_START says: production needs it too).
 */
export async function prepareDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SEED_ON_START'>,
  log: (message: string) => void = () => {},
): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (error) => log(`idle database connection lost: ${error.message}`),
  })
  await database.migrate()
  if (config.SEED_ON_START && (await isCatalogEmpty(database))) {
    log('empty catalog: seeding the demo store')
    await seedCatalog(database.db)
    await seedDemoReviews(database.db)
  } else if (config.SEED_ON_START && (await isRateTableEmpty(database))) {
    // A demo database seeded before the rate table existed (migration 0005) gets the demo rates.
    log('empty shipping rate table: seeding the demo rates')
    await seedShippingRates(database.db)
  }
  if (config.SEED_ON_START && (await isContentEmpty(database))) {
    // A demo database seeded before migration 0013 gets the demo help, articles and stores.
    log('no help content: seeding the demo help, articles and stores')
    await seedContent(database.db)
  }
  if (await areRegionsEmpty(database.db)) {
    log('no regions: loading provinces, cities, districts and villages')
    const counts = await loadRegions(database.db)
    log(`regions loaded: ${counts.villages} villages`)
  }
  return database
}

export async function isCatalogEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products)
  return Number(row?.n ?? 0) === 0
}

async function isContentEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(faqCategories)
  return Number(row?.n ?? 0) === 0
}

async function isRateTableEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(courierServices)
  return Number(row?.n ?? 0) === 0
}
