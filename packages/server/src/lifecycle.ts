import type { FastifyInstance } from 'fastify'
import type { ServerConfig as Config } from './config.ts'

const shutdownHooks: Array<() => Promise<void>> = []

/** Runs `hook` after the server and the database have closed on SIGTERM/SIGINT (e.g. dropping a test database). */
export function onShutdown(hook: () => Promise<void>) {
  shutdownHooks.push(hook)
}

/**
 * Listens on HOST:PORT; on SIGTERM or SIGINT stops accepting, drains requests, then runs `afterClose`
 * (stop the jobs, close the database) and the onShutdown hooks.
 */
export async function listenWithGracefulShutdown(
  app: FastifyInstance,
  config: Pick<Config, 'HOST' | 'PORT'>,
  afterClose: () => Promise<void> = async () => {},
) {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close()
      await afterClose()
      for (const hook of shutdownHooks) await hook()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ host: config.HOST, port: config.PORT })
}
