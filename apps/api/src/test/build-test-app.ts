import type { FastifyInstance } from 'fastify'
import { parseConfig, type Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { seedCatalog } from '../demo/seed/index.ts'
import { buildApi, type ApiPluginOptions } from '../app.ts'
import { createServerDatabase } from './server-database.ts'

export interface TestApp {
  app: FastifyInstance
  database: Database
  config: Config
  close(): Promise<void>
}

/**
 * A fresh API over a fresh database for one test file: PGlite in memory by default, or a new
 * database on the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function buildTestApp(
  options: { seed?: boolean; env?: Record<string, string>; providers?: ApiPluginOptions['providers'] } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl, 'busana_test')
    databaseUrl = created.url
    dropDatabase = created.drop
  }
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    DATA_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  })
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  if (options.seed !== false) await seedCatalog(database.db)
  const app = await buildApi({ config, database, logger: false, providers: options.providers })
  await app.ready()
  return {
    app,
    database,
    config,
    async close() {
      await app.close()
      await database.close()
      await dropDatabase()
    },
  }
}
