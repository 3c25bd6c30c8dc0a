import { loadConfig } from './config.ts'
import { buildApi } from './app.ts'
import { listenWithGracefulShutdown } from '@busana/server/lifecycle'
import { startApiRuntime } from './runtime.ts'

/** `npm run start:api`: the API alone (its own tier); apps/web/server.ts mounts it or calls it. */
const config = loadConfig()
const runtime = await startApiRuntime(config)
const app = await buildApi({ config, database: runtime.database })
// SIGTERM/SIGINT: drain, finish the running job, close the database (decision 045).
await listenWithGracefulShutdown(app, config, { onDrain: runtime.drain, afterClose: runtime.stop })
// The addresses and the first owner's one-time password, once, after the log's start lines.
runtime.announce()
