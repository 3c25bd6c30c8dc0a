import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

/*
 * The configuration both servers read (the API alone, apps/api/src/config.ts, and the storefront's
 * root, apps/web/storefront-config.ts): each extends ServerEnvSchema with its own variables and
 * parses process.env once with parseEnv, so every bad variable is reported at once.
 */

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** 'true'/'false', '1'/'0', 'yes'/'no' as a boolean. */
export const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

/** An http(s) origin or base URL, without its trailing slashes. */
export const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
  .transform((url) => url.replace(/\/+$/, ''))

/** What every root Fastify reads: where it listens, what it logs, whom it trusts, who sees the developer pages. */
export const ServerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Absent: embedded PGlite in DATA_DIR (the API). Present: a PostgreSQL server (the storefront alone LISTENs on it). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** The shop's public origin, used for canonical URLs and share links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Access log lines (access-log.ts): `sampled` logs at info every answer of 400 or more, every slow
   * one and one in ACCESS_LOG_SAMPLE of the rest (the others at debug); `all` two lines per request.
   */
  ACCESS_LOG: z.enum(['sampled', 'all']).default('sampled'),
  /** `sampled`: one ordinary request in this many is logged at info (1 logs each, in one line). */
  ACCESS_LOG_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /**
   * Behind a load balancer or proxy: how much of X-Forwarded-For to trust, so per-address limits
   * see the shopper's address and not the proxy's. 'false' (default: the socket's peer), the
   * proxies' addresses/CIDRs (comma-separated; '127.0.0.1' for nginx on this machine, as
   * docs/deploy.md says), or a hop count ('1': one proxy in front; the address it saw), which
   * believes any direct peer (proxyTrustWarning). Never 'true': that would take the leftmost
   * address, which the client writes.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => value !== 'true', {
      message:
        "'true' would trust the client's own X-Forwarded-For: give the number of proxies in front (e.g. 1) or their addresses",
    })
    .transform((value): false | number | string =>
      value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    )
    .refine((value) => typeof value !== 'number' || (value >= 1 && value <= 10), {
      message: 'a hop count is 1 to 10',
    }),
  /**
   * GET /metrics (Prometheus text, metrics.ts, decision 043). Unset: served on PORT to direct loopback
   * requests only. Set: served only by a second listener on METRICS_HOST:METRICS_PORT, nothing on PORT.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the METRICS_PORT listener binds: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Longest a request may take to arrive and be answered (ms): slow bodies do not hold connections. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Graceful shutdown (lifecycle.ts, docs/decisions/045-graceful-restarts.md): the longest a process
   * takes from SIGTERM/SIGINT to its exit, the drain included; past it the process exits 1. Keep it
   * under the orchestrator's grace period (Kubernetes 30 s; `docker stop` 10 s unless told -t).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  /**
   * Behind a load balancer: how long /readyz answers 503 while the process still accepts and serves
   * (every answer with Connection: close) before it closes its listener, so the balancer stops
   * sending first. Counted inside SHUTDOWN_TIMEOUT_MS. 0 (default): close at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /**
   * The developer pages (/dev/outbox, /dev/payments). 'auto': on a shop whose PUBLIC_URL is
   * localhost with every provider a stand-in (`npm start` on a laptop, the e2e journeys), only to
   * direct loopback requests; off otherwise. 'true'/'false' force it (for everyone / for nobody).
   * See devPagesAccess(): the API serves them, the storefront alone forwards them by the same rule.
   */
  DEV_PAGES: z.enum(['auto', 'true', 'false']).default('auto'),
  // The providers devPagesAccess reads (their settings are the API's, apps/api/src/config.ts).
  MESSAGING_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /**
   * Payments (decision 020). 'sandbox': made here, paid from /dev/payments. 'midtrans': the
   * Midtrans Core API; the storefront's pages then show its QR images (midtransApiUrl).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'midtrans']).default('sandbox'),
  /** midtrans: production (https://api.midtrans.com) or its sandbox (https://api.sandbox.midtrans.com). */
  MIDTRANS_IS_PRODUCTION: booleanString.default(false),
  /** midtrans: another origin for the Core API (a local fake in tests); default from MIDTRANS_IS_PRODUCTION. */
  MIDTRANS_API_URL: httpUrl.optional(),
})

export type ServerConfig = Readonly<z.infer<typeof ServerEnvSchema>>

/** The shared variables that only make sense together (each app's schema extends the shared one). */
function checkServerEnv(env: unknown, ctx: z.RefinementCtx) {
  const { SHUTDOWN_DELAY_MS: delay, SHUTDOWN_TIMEOUT_MS: timeout } = env as Partial<ServerConfig>
  if (delay !== undefined && timeout !== undefined && delay >= timeout)
    ctx.addIssue({
      code: 'custom',
      path: ['SHUTDOWN_DELAY_MS'],
      message: `must be less than SHUTDOWN_TIMEOUT_MS (${timeout}): the delay is part of the shutdown`,
    })
}

/**
 * The warning a process logs at start when anyone who can reach it directly can choose the address
 * its per-address limits count (issue 38): a hop count trusts whatever peer is connected, so with
 * HOST on an interface other than loopback a client connecting directly writes its own
 * X-Forwarded-For. Not a refusal: a hop count is right where only the proxy can reach the port (a
 * firewall, a private network); docs/deploy.md recommends HOST=127.0.0.1 and the proxy's address.
 */
export function proxyTrustWarning(config: Pick<ServerConfig, 'HOST' | 'TRUST_PROXY'>): string | undefined {
  if (typeof config.TRUST_PROXY !== 'number') return undefined
  const host = config.HOST.replace(/^\[|\]$/g, '')
  if (loopbackHosts.has(host) || isLoopbackAddress(host)) return undefined
  return (
    `TRUST_PROXY=${config.TRUST_PROXY} trusts whoever connects directly, and HOST=${config.HOST} lets ` +
    'clients connect directly: they can choose the address every per-address limit counts. Set HOST ' +
    "to the proxy's side (127.0.0.1 when it is on this machine) or TRUST_PROXY to the proxy's address " +
    '(docs/deploy.md, section 3)'
  )
}

/** Parses an environment with `schema`; every bad variable is reported at once. The result is frozen. */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
): Readonly<z.infer<Schema>> {
  const result = schema.superRefine(checkServerEnv).safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return Object.freeze(result.data) as Readonly<z.infer<Schema>>
}

/** The process's configuration by `parse`, or the process stops with a message naming each bad value. */
export function loadEnv<Config>(parse: (env: NodeJS.ProcessEnv) => Config): Config {
  try {
    return parse(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

/** The Midtrans Core API's origin: MIDTRANS_API_URL, else production's or its sandbox's. */
export const midtransApiUrl = (config: Pick<ServerConfig, 'MIDTRANS_API_URL' | 'MIDTRANS_IS_PRODUCTION'>) =>
  config.MIDTRANS_API_URL ??
  (config.MIDTRANS_IS_PRODUCTION ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com')

/** Who may read the developer pages: everyone, only direct loopback requests, or nobody. */
export type DevPagesAccess = 'everyone' | 'loopback' | 'nobody'

/**
 * Who is served /dev/outbox and /dev/payments. They show one-time codes and temporary passwords and
 * mark sandbox orders paid, so a real deployment must never serve them. In 'auto' they are served
 * only to direct loopback requests, and only when the shop's origin is this machine and nothing
 * leaves through a real provider (`npm start`, the e2e journeys): PUBLIC_URL defaults to localhost
 * and HOST to 0.0.0.0, so a deployment that forgot PUBLIC_URL must not show codes to the world.
 */
export function devPagesAccess(
  config: Pick<
    ServerConfig,
    'DEV_PAGES' | 'PUBLIC_URL' | 'MESSAGING_PROVIDER' | 'MAIL_PROVIDER' | 'PAYMENT_PROVIDER'
  >,
): DevPagesAccess {
  if (config.DEV_PAGES !== 'auto') return config.DEV_PAGES === 'true' ? 'everyone' : 'nobody'
  // Whatever the start script and NODE_ENV: only a shop whose public address is this machine, with
  // every provider a stand-in, shows its outbox and payment buttons, and only to this machine.
  const local = loopbackHosts.has(new URL(config.PUBLIC_URL).hostname)
  return local &&
    config.MESSAGING_PROVIDER === 'outbox' &&
    config.MAIL_PROVIDER === 'outbox' &&
    config.PAYMENT_PROVIDER === 'sandbox'
    ? 'loopback'
    : 'nobody'
}

/** Headers a reverse proxy, tunnel or CDN adds to say whom (or what host) it forwards. */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-server',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
] as const

/**
 * Whether the shop's public address is this machine (http://localhost:3000 in development): then
 * cookies go without Secure, since the browser would not send a Secure cookie over plain http.
 */
export const publicUrlIsLoopback = (config: Pick<ServerConfig, 'PUBLIC_URL'>) =>
  loopbackHosts.has(new URL(config.PUBLIC_URL).hostname)

/** A Host header naming this machine (name or loopback address, any port). */
const isLoopbackHost = (host: string | undefined) => {
  if (!host) return false
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0]!
  return loopbackHosts.has(name.toLowerCase()) || isLoopbackAddress(name)
}

const isLoopbackAddress = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address))

/**
 * Whether a request comes straight from this machine: the socket's peer is a loopback address
 * (never request.ip, which TRUST_PROXY lets X-Forwarded-For set), it asked for this machine by name
 * (a tunnel or a local nginx passes the public Host) and no proxy, tunnel or CDN header is present
 * (a proxy on the same host connects from loopback too).
 */
export function isDirectLoopbackRequest(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackHost(request.headers.host) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  )
}
