import { fileURLToPath } from 'node:url'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { BRAND_IDS } from '@busana/contract/schemas'

/** Repository root: the default DATA_DIR lives there whichever workspace starts the process. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Absent: embedded PGlite in DATA_DIR. Present: a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(`${repoRoot}.data`),
  /**
   * The storefront alone: render through this API over HTTP (and proxy the browser's /api calls
   * to it) instead of mounting the API in process. The storefront then opens no database.
   */
  API_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The shop's public origin, used for canonical URLs and share links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** The brand this storefront build serves (spec: 9 is the main brand). */
  BRAND_ID: z.coerce
    .number()
    .int()
    .refine((id) => (BRAND_IDS as readonly number[]).includes(id), `must be one of ${BRAND_IDS.join(', ')}`)
    .default(9),
  /** The one brand whose storefront shows the member campaign popup (spec 001 section 2). */
  CAMPAIGN_BRAND_ID: z.coerce
    .number()
    .int()
    .refine((id) => (BRAND_IDS as readonly number[]).includes(id), `must be one of ${BRAND_IDS.join(', ')}`)
    .default(9),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Access log lines (access-log.ts): `sampled` logs at info every answer of 400 or more, every slow
   * one and one in ACCESS_LOG_SAMPLE of the rest (the others at debug); `all` two lines per request.
   */
  ACCESS_LOG: z.enum(['sampled', 'all']).default('sampled'),
  /** `sampled`: one ordinary request in this many is logged at info (1 logs each, in one line). */
  ACCESS_LOG_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /**
   * Seed the demo catalog on start when the database holds no product. Default: true for the
   * embedded database, false for a DATABASE_URL one (a production database never gets demo
   * products by accident).
   */
  SEED_ON_START: booleanString.optional(),

  // Messages (spec 001: codes by SMS or WhatsApp, temporary passwords by e-mail). The default
  // 'outbox' stores them in outbox_messages, readable at /dev/outbox (see DEV_PAGES).
  MESSAGING_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  /** http: the provider's endpoint receiving one POST per message. */
  MESSAGING_HTTP_URL: z.string().url().optional(),
  /** http: the Authorization header value sent with each POST (e.g. 'Bearer abc'). */
  MESSAGING_HTTP_AUTH: z.string().optional(),
  /** http: JSON body template; {{channel}}, {{to}} and {{body}} are replaced (JSON-escaped). */
  MESSAGING_HTTP_BODY: z
    .string()
    .default('{"channel":"{{channel}}","to":"{{to}}","message":"{{body}}"}')
    .refine((template) => {
      try {
        JSON.parse(template.replace(/\{\{(channel|to|body)\}\}/g, 'x'))
        return true
      } catch {
        return false
      }
    }, 'must be a JSON template using {{channel}}, {{to}} and {{body}}'),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** smtp: smtp(s)://user:pass@host:port; or the SMTP_HOST/PORT/USER/PASS parts. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  /**
   * The developer pages (/dev/outbox). 'auto': on outside production; on a production build whose
   * PUBLIC_URL is localhost with both message providers on the outbox (`npm start` on a laptop, the
   * e2e journeys), only to direct loopback requests; off otherwise. 'true'/'false' force it (for
   * everyone / for nobody). See devPagesAccess().
   */
  DEV_PAGES: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * Behind a load balancer or proxy: how much of X-Forwarded-For to trust, so per-address limits
   * see the shopper's address and not the proxy's. 'false' (default: the socket's peer), a hop
   * count ('1': one proxy in front; the address it saw), or the proxies' addresses/CIDRs
   * (comma-separated). Never 'true': that would take the leftmost address, which the client writes.
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
  /** Longest a request may take to arrive and be answered (ms): slow bodies do not hold connections. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The OpenAPI page and JSON at /api/docs: on outside production, a choice (true) in production. */
  API_DOCS: booleanString.optional(),
  /**
   * Consented analytics (docs/decisions/034-consented-analytics.md): each vendor loads, after the
   * shopper accepts the consent banner, only when its id is set, and the pages' CSP then lets in its
   * hosts. GA4 measurement id (G-…), Meta Pixel id (digits), Google Tag Manager container (GTM-…).
   */
  GA4_ID: z
    .string()
    .trim()
    .regex(/^(G-[A-Z0-9]{4,20})?$/, 'must be a GA4 measurement id like G-ABC123XYZ')
    .default('')
    .transform((value) => value || undefined),
  META_PIXEL_ID: z
    .string()
    .trim()
    .regex(/^(\d{5,20})?$/, 'must be a Meta Pixel id (digits)')
    .default('')
    .transform((value) => value || undefined),
  GTM_ID: z
    .string()
    .trim()
    .regex(/^(GTM-[A-Z0-9]{4,12})?$/, 'must be a Tag Manager container id like GTM-ABC1234')
    .default('')
    .transform((value) => value || undefined),
  /**
   * Origins of an analytics or tag service the storefront loads (comma-separated, e.g.
   * 'https://www.googletagmanager.com,https://www.google-analytics.com'): the pages' CSP lets them
   * in for scripts, calls and pixels. Empty (the default): no third-party origin is allowed.
   */
  ANALYTICS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .url()
          .refine((origin) => /^https:\/\/[^/?#*\s;']+$/.test(origin.replace(/\/$/, '')), {
            message: "must be https:// origins (no path, no ';' or quotes)",
          })
          .transform((origin) => new URL(origin).origin),
      ),
    ),
  /**
   * Shipping rates (decision 017). 'table': the offline rate table in the database (zones, courier
   * services, fares per started kilogram). 'biteship': live fares from Biteship by postal code.
   */
  SHIPPING_PROVIDER: z.enum(['table', 'biteship']).default('table'),
  /** biteship: the API key (test keys start biteship_test.). */
  BITESHIP_API_KEY: z.string().min(1).optional(),
  /** biteship: the API's origin. */
  BITESHIP_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.biteship.com'),
  /** Postal code of warehouse 1 (biteship rates postal code to postal code); in WAREHOUSE_CITY_ID. */
  WAREHOUSE_POSTAL_CODE: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'must be 5 digits')
    .default('10110'),
  /**
   * The city (Kemendagri id, e.g. '31.71' Jakarta Pusat) of warehouse 1, where every parcel leaves
   * from: a destination in this city is in the rate table's LOCAL zone.
   */
  WAREHOUSE_CITY_ID: z
    .string()
    .trim()
    .regex(/^\d{2}\.\d{2}$/, "must be a city id such as '31.71'")
    .default('31.71'),
  /** How long a rate provider may take before the call answers 503 SHP001 (ms). */
  SHIPPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(9000).default(5000),
  /**
   * Payments (decision 020). 'sandbox': realistic virtual accounts, QRIS and e-wallet links made
   * here, paid from /dev/payments; never touches the network and takes no money. 'midtrans': the
   * Midtrans Core API (charge, status, cancel) with MIDTRANS_SERVER_KEY.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'midtrans']).default('sandbox'),
  /**
   * The Midtrans server key: authenticates our calls (Basic) and signs notifications. Unset with the
   * sandbox: notifications are signed with the documented key 'sandbox-server-key'.
   */
  MIDTRANS_SERVER_KEY: z.string().trim().min(1).optional(),
  /** midtrans: production (https://api.midtrans.com) or its sandbox (https://api.sandbox.midtrans.com). */
  MIDTRANS_IS_PRODUCTION: booleanString.default(false),
  /** midtrans: another origin for the Core API (a local fake in tests); default from MIDTRANS_IS_PRODUCTION. */
  MIDTRANS_API_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** How long a payment provider call may take before it counts as failed (ms). */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(8000),
  /**
   * Courier tracking (issue 10). 'sandbox': a believable timeline made from the waybill's shipping
   * time (picked up, origin hub, in transit, destination hub, out for delivery, delivered), offline.
   * 'biteship': Biteship's public tracking by waybill and courier (BITESHIP_URL, BITESHIP_API_KEY).
   */
  TRACKING_PROVIDER: z.enum(['sandbox', 'biteship']).default('sandbox'),
  /** How long a tracking answer is reused before the provider is asked again (seconds). */
  TRACKING_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /**
   * One-time codes (SMS or WhatsApp) the whole shop sends per hour: past it, sends answer 429
   * OTP004 until the hour turns. Bounds the bill when someone uses the send calls as an SMS pump.
   */
  OTP_HOURLY_BUDGET: z.coerce.number().int().min(1).default(2000),
  /**
   * The first staff account of the staff API (/api/admin/v1), created or updated at start. Unset and
   * no staff yet: an owner admin@busana.local is created with a random password printed once in the log.
   */
  ADMIN_EMAIL: z.string().trim().toLowerCase().email().max(254).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(200).optional(),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): seals secrets the shop reads back (staff
   * TOTP secrets) so a database copy alone does not hold them (secret-box.ts). Unset: kept as given.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .transform((value) => Buffer.from(value, 'base64'))
    .refine((key) => key.length === 32, 'must be 32 bytes, base64 (openssl rand -base64 32)')
    .optional(),
  /** Sender of the shop's e-mails. */
  MAIL_FROM: z.string().min(3).default('Busana <no-reply@busana.local>'),
})

/** Provider settings that only make sense together. */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.MESSAGING_PROVIDER === 'http' && !env.MESSAGING_HTTP_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGING_HTTP_URL'],
      message: 'is required when MESSAGING_PROVIDER=http',
    })
  if (env.SHIPPING_PROVIDER === 'biteship' && !env.BITESHIP_API_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['BITESHIP_API_KEY'],
      message: 'is required when SHIPPING_PROVIDER=biteship',
    })
  if (env.TRACKING_PROVIDER === 'biteship' && !env.BITESHIP_API_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['BITESHIP_API_KEY'],
      message: 'is required when TRACKING_PROVIDER=biteship',
    })
  if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD)
    ctx.addIssue({
      code: 'custom',
      path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
      message: 'ADMIN_EMAIL and ADMIN_PASSWORD are set together',
    })
  if (env.PAYMENT_PROVIDER === 'midtrans' && !env.MIDTRANS_SERVER_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['MIDTRANS_SERVER_KEY'],
      message: 'is required when PAYMENT_PROVIDER=midtrans',
    })
  // Without MIDTRANS_SERVER_KEY the sandbox accepts notifications signed with a documented key,
  // so anyone could mark orders Paid: a production build may do that only on this machine
  // (npm start, the e2e journeys); a public one needs a secret key (or the real provider).
  if (
    env.NODE_ENV === 'production' &&
    env.PAYMENT_PROVIDER === 'sandbox' &&
    !env.MIDTRANS_SERVER_KEY &&
    !loopbackHosts.has(new URL(env.PUBLIC_URL).hostname)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        "the sandbox's notification key is public: a production build at a public PUBLIC_URL needs PAYMENT_PROVIDER=midtrans, or a secret MIDTRANS_SERVER_KEY",
    })
  if (env.MAIL_PROVIDER === 'smtp' && !env.SMTP_URL && !env.SMTP_HOST)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'SMTP_URL or SMTP_HOST is required when MAIL_PROVIDER=smtp',
    })
})

/** The validated environment with the defaults that depend on other variables resolved. */
const ResolvedEnvSchema = CheckedEnvSchema.transform((env) => ({
  ...env,
  SEED_ON_START: env.SEED_ON_START ?? env.DATABASE_URL === undefined,
  API_DOCS: env.API_DOCS ?? env.NODE_ENV !== 'production',
}))

export type Config = Readonly<z.infer<typeof ResolvedEnvSchema>>

/** Parses an environment; every bad variable is reported at once. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = ResolvedEnvSchema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return Object.freeze(result.data)
}

/** Loads the process configuration or stops the process with a message naming each bad value. */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

/** Who may read the developer pages: everyone, only direct loopback requests, or nobody. */
export type DevPagesAccess = 'everyone' | 'loopback' | 'nobody'

/**
 * Who is served /dev/outbox and /dev/payments. They show one-time codes and temporary passwords and
 * mark sandbox orders paid, so a real deployment
 * must never serve it. 'auto' serves everyone outside production. In production it serves only
 * direct loopback requests (domains/outbox/outbox.routes.ts), and only when the shop's origin is this
 * machine and nothing leaves through a real provider (`npm start`, the e2e journeys): PUBLIC_URL
 * defaults to localhost and HOST to 0.0.0.0, so a deployment that forgot PUBLIC_URL must not show
 * codes to the world.
 */
export function devPagesAccess(config: Config): DevPagesAccess {
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

/**
 * A production start whose codes or mails go to the outbox sends no SMS, WhatsApp or e-mail at
 * all: shoppers never get their codes. Answers the warning to log loudly at start, or null.
 */
export function outboxWarning(config: Config): string | null {
  if (config.NODE_ENV !== 'production') return null
  const stored = [
    config.MESSAGING_PROVIDER === 'outbox' ? 'one-time codes (MESSAGING_PROVIDER=outbox)' : null,
    config.MAIL_PROVIDER === 'outbox' ? 'e-mails (MAIL_PROVIDER=outbox)' : null,
  ].filter(Boolean)
  if (stored.length === 0) return null
  return `!!! PRODUCTION WITH THE OUTBOX: ${stored.join(' and ')} are only stored, never sent. Set a real provider before shoppers arrive. !!!`
}

/** Headers a reverse proxy adds: a request carrying one came through a proxy, wherever it stands. */
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
export const publicUrlIsLoopback = (config: Pick<Config, 'PUBLIC_URL'>) =>
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
