import { loadConfig } from './config.ts'
import { prepareDatabase } from './db/setup.ts'
import { buildApi } from './app.ts'
import { listenWithGracefulShutdown } from './lifecycle.ts'

/** Runs the API alone (API-only deployments); the storefront's server.ts runs both. */
const config = loadConfig()
const database = await prepareDatabase(config, (message) => console.log(message))
const app = await buildApi({ config, database })
await listenWithGracefulShutdown(app, config)
