import type { Config } from '../config.ts'
import { openDatabase, type Database } from './client.ts'
import { areRegionsEmpty, loadRegions } from './regions.ts'

/**
 * Opens the configured database, runs migrations, seeds what the demo store lacks when SEED_ON_START
 * asks, and loads the Indonesian regions when none are loaded (reference data for addresses, loaded
 * whatever SEED_ON_START says: production needs it too).
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
  if (config.SEED_ON_START) {
    // The demo is a folder production does not import (decision 042): loaded only when asked for.
    const { seedDemoStore } = await import('../demo/index.ts')
    await seedDemoStore(database, log)
  }
  if (await areRegionsEmpty(database.db)) {
    log('no regions: loading provinces, cities, districts and villages')
    const counts = await loadRegions(database.db)
    log(`regions loaded: ${counts.villages} villages`)
  }
  return database
}
