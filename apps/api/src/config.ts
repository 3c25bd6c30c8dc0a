import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { BRAND_IDS } from '@busana/contract/schemas'

/** Repository root: the default DATA_DIR lives there whichever workspace starts the process. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

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
  /** Optional: shared rate limits and cache across instances. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
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
  /** Seed the demo catalog on start when the database holds no product. */
  SEED_ON_START: booleanString.default(true),

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
   * Behind a load balancer or proxy: whose X-Forwarded-For to trust, so per-address limits see the
   * shopper's address and not the proxy's. 'true' (any), or the proxies' addresses/CIDRs (comma-separated).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
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
  if (env.MAIL_PROVIDER === 'smtp' && !env.SMTP_URL && !env.SMTP_HOST)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'SMTP_URL or SMTP_HOST is required when MAIL_PROVIDER=smtp',
    })
})

export type Config = Readonly<z.infer<typeof EnvSchema>>

/** Parses an environment; every bad variable is reported at once. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = CheckedEnvSchema.safeParse(env)
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

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Who may read the developer pages: everyone, only direct loopback requests, or nobody. */
export type DevPagesAccess = 'everyone' | 'loopback' | 'nobody'

/**
 * Who is served /dev/outbox. It shows one-time codes and temporary passwords, so a real deployment
 * must never serve it. 'auto' serves everyone outside production. In production it serves only
 * direct loopback requests (domains/outbox/outbox.routes.ts), and only when the shop's origin is this
 * machine and nothing leaves through a real provider (`npm start`, the e2e journeys): PUBLIC_URL
 * defaults to localhost and HOST to 0.0.0.0, so a deployment that forgot PUBLIC_URL must not show
 * codes to the world.
 */
export function devPagesAccess(config: Config): DevPagesAccess {
  if (config.DEV_PAGES !== 'auto') return config.DEV_PAGES === 'true' ? 'everyone' : 'nobody'
  if (config.NODE_ENV !== 'production') return 'everyone'
  const local = loopbackHosts.has(new URL(config.PUBLIC_URL).hostname)
  return local && config.MESSAGING_PROVIDER === 'outbox' && config.MAIL_PROVIDER === 'outbox'
    ? 'loopback'
    : 'nobody'
}
