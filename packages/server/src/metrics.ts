import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import { isDirectLoopbackRequest, type ServerConfig } from './config.ts'

/*
 * Metrics for operators in the Prometheus text format (docs/decisions/043-metrics.md): one registry
 * per process, Node's default metrics, the HTTP requests of the root Fastify, and the counters both
 * servers share (cache lookups). The API adds its business counters to the same registry
 * (apps/api/src/metrics.ts). Counters are process-wide: several Fastify instances in one process
 * (tests) add to the same ones, which is why tests compare before and after.
 */

/** The one registry /metrics answers. */
export const metricsRegistry = new Registry()

let defaultsOn = false
/** prom-client's Node metrics (event-loop lag, memory, GC, handles, CPU), once per process. */
function collectNodeMetrics() {
  if (defaultsOn) return
  defaultsOn = true
  collectDefaultMetrics({ register: metricsRegistry })
}

const httpLabels = ['method', 'route', 'status_code'] as const

export const httpRequests = new Counter({
  name: 'busana_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: httpLabels,
  registers: [metricsRegistry],
})

export const httpRequestDuration = new Histogram({
  name: 'busana_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code',
  labelNames: httpLabels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

/** Lookups in a process cache: `page` (the storefront's page cache) and `http` (the API's answers). */
export const cacheLookups = new Counter({
  name: 'busana_cache_lookups_total',
  help: 'Lookups in the page cache (cache="page"), the API answer cache (cache="http") and the values kept beside it (cache="memo": listing facets), by result',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
})

/** The label of a request no route matched (the not-found handler answered it). */
export const UNMATCHED_ROUTE = 'unmatched'
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Labels set by a handler that knows a finer pattern than its Fastify route (the storefront's pages). */
const routeLabels = new WeakMap<FastifyRequest, string>()

/** Names the request's route pattern for the metrics (a React Router pattern behind a catch-all). */
export function setRouteLabel(request: FastifyRequest, pattern: string) {
  routeLabels.set(request, pattern)
}

/**
 * The route label of a request: the pattern a handler set, else Fastify's route pattern
 * (`/api/v1/products/:code`), never the raw URL (which would grow the series without bound);
 * `unmatched` when no route matched.
 */
export function routeLabel(request: FastifyRequest): string {
  return routeLabels.get(request) ?? (request.is404 ? undefined : request.routeOptions.url) ?? UNMATCHED_ROUTE
}

function observe(request: FastifyRequest, reply: FastifyReply) {
  const labels = {
    method: METHODS.has(request.method) ? request.method : 'OTHER',
    route: routeLabel(request),
    status_code: String(reply.statusCode),
  }
  httpRequests.inc(labels)
  httpRequestDuration.observe(labels, reply.elapsedTime / 1000)
}

async function sendMetrics(_request: FastifyRequest, reply: FastifyReply) {
  const text = await metricsRegistry.metrics()
  return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text)
}

/**
 * Registered once on each root Fastify (the API alone, the storefront's root, which mounts the API
 * without it, so no request is counted twice): counts every answered request and serves
 * GET /metrics. Without METRICS_PORT, /metrics is on the main port for direct loopback requests only
 * (anyone else gets the root's not-found answer); with it, /metrics is served only by a second
 * listener on METRICS_HOST:METRICS_PORT, opened when the root listens and closed with it.
 */
export const metrics = fp<{ config: Pick<ServerConfig, 'METRICS_PORT' | 'METRICS_HOST'> }>(
  async (app: FastifyInstance, { config }) => {
    collectNodeMetrics()
    // Callback hooks, here and on every request's path: an async hook costs a promise and a
    // microtask per request, which cost catalog reads a fifth of their throughput (issue 41).
    app.addHook('onResponse', (request, reply, done) => {
      observe(request, reply)
      done()
    })
    if (config.METRICS_PORT === undefined) {
      app.get('/metrics', (request, reply) =>
        isDirectLoopbackRequest(request) ? sendMetrics(request, reply) : reply.callNotFound(),
      )
      return
    }
    const port = config.METRICS_PORT
    const server = Fastify({ logger: false })
    server.get('/metrics', sendMetrics)
    app.addHook('onListen', async () => {
      await server.listen({ host: config.METRICS_HOST, port })
      app.log.info({ address: `${config.METRICS_HOST}:${port}` }, 'metrics listening')
    })
    app.addHook('onClose', async () => {
      await server.close()
    })
  },
  { name: 'metrics' },
)
