import { loadConfig } from '../config.ts'
import { openDatabase } from './client.ts'
import { loadRegions } from './regions.ts'

/**
 * `db:migrate` runs the committed migrations; `db:seed` migrates, then reseeds the demo catalog and
 * loads (or refreshes) the Indonesian regions.
 */
const command = process.argv[2]
const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  await database.migrate()
  console.log(`migrations applied (${database.kind})`)
  if (command === 'seed') {
    const { reseedDemoCatalog } = await import('../demo/index.ts')
    const reviews = await reseedDemoCatalog(database)
    console.log(`demo catalog seeded, with ${reviews} demo reviews`)
    const counts = await loadRegions(database.db)
    console.log(`regions loaded: ${counts.provinces} provinces, ${counts.villages} villages`)
  }
} finally {
  await database.close()
}
