import type { Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { proxyTrustWarning, type ServerConfig as Config } from './config.ts'

/*
 * Graceful restarts (docs/decisions/045-graceful-restarts.md). On SIGTERM or SIGINT a root drains:
 * /readyz answers 503 at once (every answer from then on carries Connection: close), the jobs start
 * no new run, and after SHUTDOWN_DELAY_MS the listener takes the connections the kernel had already
 * queued for it, then closes: idle keep-alive connections are closed, every request already received
 * is answered. Then Fastify closes (its onClose hooks), the
 * running job finishes and the database closes, and the process exits 0; past SHUTDOWN_TIMEOUT_MS it
 * exits 1 with a log line naming the step it was stuck in.
 *
 * Fastify's own close is called only once no connection is left: while it closes, Fastify answers
 * a request arriving on an open connection 503 (return503OnClosing) and refuses inject(), which the
 * storefront's pages use to reach the mounted API. So the listener is drained first, here.
 */

const shutdownHooks: Array<() => Promise<void>> = []

/** Runs `hook` after the server and the database have closed on SIGTERM/SIGINT (e.g. dropping a test database). */
export function onShutdown(hook: () => Promise<void>) {
  shutdownHooks.push(hook)
}

/** The roots whose drain has begun. */
const draining = new WeakSet<FastifyInstance>()

/** Whether `app`'s drain has begun (it answers /readyz 503). */
export const isDraining = (app: FastifyInstance) => draining.has(app)

/**
 * Registered once on each root (the API alone, the storefront's root): GET /readyz answers 200 while
 * the process takes work and 503 from the moment its drain begins; once draining, every answer
 * carries `Connection: close`, so keep-alive clients (a load balancer) reconnect, elsewhere. The
 * process listens only once the database is open and migrated (startApiRuntime), so a /readyz that
 * answers at all is past that. It reads no database: a database outage must not take every process
 * out of the balancer at once (/healthz says that).
 */
export const readiness = fp(
  async (app: FastifyInstance) => {
    app.get('/readyz', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      if (draining.has(app)) return reply.status(503).send({ status: 'draining' })
      return reply.send({ status: 'ok' })
    })
    // A callback hook: an async one costs a promise and a microtask on every answer (issue 41).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining.has(app)) reply.header('connection', 'close')
      done(null, payload)
    })
  },
  { name: 'readiness' },
)

/** What a root does besides its HTTP drain. */
export interface ShutdownSteps {
  /** The drain has begun: start no new work (the jobs' timers). */
  onDrain?: () => void
  /** After every request is answered and Fastify has closed: finish the running job, close the database. */
  afterClose?: () => Promise<void>
}

export type LifecycleConfig = Pick<
  Config,
  'HOST' | 'PORT' | 'SHUTDOWN_TIMEOUT_MS' | 'SHUTDOWN_DELAY_MS' | 'TRUST_PROXY'
>

/** How often the closed listener's connections are looked at for one gone idle (see closeListener). */
const IDLE_SWEEP_MS = 250

/** Longest the listener keeps taking queued connections before it closes (see takeQueuedConnections). */
const QUEUED_CONNECTIONS_MAX_MS = 1000

/** One turn of the event loop: its poll phase accepts what the kernel queued and reads what arrived. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Takes, before the listener closes, the connections the kernel has already accepted for it and
 * the requests they carry. Closing a listening socket resets every connection still in the
 * kernel's accept queue, and Node's close destroys as idle an accepted connection whose request it
 * has not read yet: with no delay, a busy process (a page being rendered when SIGTERM arrived)
 * would refuse requests sent before the signal. So the loop turns until a turn takes no new
 * connection (at least two: the one the signal arrived in, and one that reads what it accepted);
 * what it takes is answered with Connection: close. Bounded, so a flood cannot hold the door open.
 * Resolves with the number of connections taken.
 */
async function takeQueuedConnections(server: Server): Promise<number> {
  if (!server.listening) return 0
  let taken = 0
  const count = () => void taken++
  server.on('connection', count)
  const began = performance.now()
  try {
    for (let turn = 0; ; turn++) {
      const before = taken
      await nextTurn()
      if (turn >= 1 && taken === before) return taken
      if (performance.now() - began >= QUEUED_CONNECTIONS_MAX_MS) return taken
    }
  } finally {
    server.off('connection', count)
  }
}

/**
 * Stops accepting and resolves when every connection has ended, i.e. every request received has
 * been answered. Node closes the idle keep-alive connections when the listener closes; busy ones
 * end after their answer (Connection: close, set by `readiness`). An answer whose headers left
 * before the drain began has no such header, and its connection would stay until the keep-alive
 * timeout: idle ones are closed every IDLE_SWEEP_MS until none is left.
 */
function closeListener(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    server.close((error) => {
      clearInterval(sweep)
      if (error) reject(error)
      else resolve()
    })
  })
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The shutdown of one root, run once whatever signals arrive (npm forwards a terminal's Ctrl-C, so
 * one press can arrive twice). Resolves when it has called `exit`: 0 after a complete drain, 1 on an
 * error or when SHUTDOWN_TIMEOUT_MS passed first.
 */
export function gracefulShutdown(
  app: FastifyInstance,
  config: Pick<LifecycleConfig, 'SHUTDOWN_TIMEOUT_MS' | 'SHUTDOWN_DELAY_MS'>,
  steps: ShutdownSteps = {},
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => Promise<void> {
  let started = false
  return async (signal) => {
    if (started) return
    started = true
    const began = performance.now()
    const elapsed = () => Math.round(performance.now() - began)
    let step = 'waiting SHUTDOWN_DELAY_MS before closing the listener'
    let done = false
    const finish = (code: number) => {
      if (done) return
      done = true
      clearTimeout(force)
      exit(code)
    }
    // Not unref'd: a step that never settles must not let the process end as if it had finished.
    const force = setTimeout(() => {
      app.log.error(
        { signal, timeout_ms: config.SHUTDOWN_TIMEOUT_MS, step },
        `shutdown timed out after SHUTDOWN_TIMEOUT_MS while ${step}: exiting 1`,
      )
      finish(1)
    }, config.SHUTDOWN_TIMEOUT_MS)

    draining.add(app)
    app.log.info(
      { signal, delay_ms: config.SHUTDOWN_DELAY_MS, timeout_ms: config.SHUTDOWN_TIMEOUT_MS },
      'draining: /readyz answers 503, no new job run starts',
    )
    try {
      steps.onDrain?.()
      if (config.SHUTDOWN_DELAY_MS > 0) await wait(config.SHUTDOWN_DELAY_MS)
      step = 'taking the connections the kernel had queued'
      const queued = await takeQueuedConnections(app.server)
      step = 'answering the requests in flight'
      await closeListener(app.server)
      app.log.info(
        { signal, elapsed_ms: elapsed(), queued_connections: queued },
        'listener closed, every request answered',
      )
      step = 'closing the server'
      await app.close()
      step = 'finishing the running job and closing the database'
      await steps.afterClose?.()
      step = 'running the shutdown hooks'
      for (const hook of shutdownHooks) await hook()
      app.log.info({ signal, elapsed_ms: elapsed() }, 'shut down')
      finish(0)
    } catch (error) {
      app.log.error({ err: error, signal, step }, 'error during shutdown')
      finish(1)
    }
  }
}

/**
 * Listens on HOST:PORT (warning when a hop count of TRUST_PROXY meets a HOST that clients can reach
 * directly: proxyTrustWarning); on SIGTERM or SIGINT drains as gracefulShutdown says and exits.
 */
export async function listenWithGracefulShutdown(
  app: FastifyInstance,
  config: LifecycleConfig,
  steps: ShutdownSteps = {},
) {
  const shutdown = gracefulShutdown(app, config, steps)
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ host: config.HOST, port: config.PORT })
  const warning = proxyTrustWarning(config)
  if (warning) app.log.warn({ HOST: config.HOST, TRUST_PROXY: config.TRUST_PROXY }, warning)
}
