import { loadConfig } from '../config.ts'
import { openDatabase } from './client.ts'
import { seedCatalog } from './seed/index.ts'
import { seedDemoReviews } from './seed/reviews-seed.ts'
import { loadRegions } from './seed/regions.ts'

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
    await seedCatalog(database.db)
    console.log('demo catalog seeded')
    console.log(`demo reviews seeded: ${await seedDemoReviews(database.db)}`)
    const counts = await loadRegions(database.db)
    console.log(`regions loaded: ${counts.provinces} provinces, ${counts.villages} villages`)
  }
} finally {
  await database.close()
}
