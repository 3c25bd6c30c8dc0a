import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { ORDER_MESSAGE_MOMENTS } from '@busana/contract/schemas'
import {
  booleanString,
  devPagesAccess,
  loadEnv,
  parseEnv,
  publicUrlIsLoopback,
  ServerEnvSchema,
} from '@busana/server/config'

// What every root reads, and the rules on it the modules use (developer pages, loopback callers).
export {
  devPagesAccess,
  isDirectLoopbackRequest,
  publicUrlIsLoopback,
  type DevPagesAccess,
} from '@busana/server/config'

/** Repository root: the default DATA_DIR lives there whichever workspace starts the process. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The API's configuration: what every root reads (@busana/server/config: NODE_ENV, HOST, PORT,
 * DATABASE_URL, PUBLIC_URL, LOG_LEVEL, ACCESS_LOG, TRUST_PROXY, REQUEST_TIMEOUT_MS, DEV_PAGES, the
 * providers' choice, MIDTRANS_API_URL…) and the API's own variables. The storefront's (API_URL,
 * BRAND_ID, analytics) are apps/web/storefront-config.ts's.
 */
const EnvSchema = ServerEnvSchema.extend({
  /** Absent DATABASE_URL: the embedded PGlite database in this folder. */
  DATA_DIR: z.string().min(1).default(`${repoRoot}.data`),
  /**
   * Seed the demo catalog on start when the database holds no product. Default: true for the
   * embedded database, false for a DATABASE_URL one (a production database never gets demo
   * products by accident).
   */
  SEED_ON_START: booleanString.optional(),

  // Messages (docs/product/account.md: codes by SMS or WhatsApp, temporary passwords by e-mail). The default
  // MESSAGING_PROVIDER and MAIL_PROVIDER 'outbox' (shared) stores them in outbox_messages, readable
  // at /dev/outbox (see DEV_PAGES).
  /** http: the provider's endpoint receiving one POST per message. */
  MESSAGING_HTTP_URL: z.string().url().optional(),
  /** http: the Authorization header value sent with each POST (e.g. 'Bearer abc'). */
  MESSAGING_HTTP_AUTH: z.string().optional(),
  /**
   * http: JSON body template; {{channel}}, {{to}}, {{body}} and {{id}} (the message's idempotency
   * key, for a gateway that drops repeats) are replaced (JSON-escaped).
   */
  MESSAGING_HTTP_BODY: z
    .string()
    .default('{"channel":"{{channel}}","to":"{{to}}","message":"{{body}}"}')
    .refine((template) => {
      try {
        JSON.parse(template.replace(/\{\{(channel|to|body|id)\}\}/g, 'x'))
        return true
      } catch {
        return false
      }
    }, 'must be a JSON template using {{channel}}, {{to}}, {{body}} and {{id}}'),
  /**
   * Order updates to the buyer (issue 28, decision 048): the phone channel they go by, WHATSAPP
   * (default) or SMS, through the messaging provider; e-mails go through the mail provider.
   */
  ORDER_UPDATES_PHONE: z.enum(['WHATSAPP', 'SMS']).default('WHATSAPP'),
  /**
   * Alert messages (issue 42) each process sends a second, per channel: a restock that wakes a
   * thousand members goes out at the provider's pace and leaves the CPU to the checkouts.
   */
  ALERTS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * Order updates turned off, comma-separated: a moment (placed, paid, shipped, delivered,
   * cancelled, expired, refund) for every channel, `moment:phone` or `moment:email` for one, or
   * `phone` / `email` for a whole channel. Empty (default): every moment on every channel.
   */
  ORDER_UPDATES_OFF: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => {
            // The contract's moments, the order's and a return's (issue 40).
            const [moment, channel, more] = entry.split(':')
            if (more !== undefined) return false
            if (moment === 'phone' || moment === 'email') return channel === undefined
            return (
              (ORDER_MESSAGE_MOMENTS as readonly string[]).includes(moment!) &&
              (channel === undefined || channel === 'phone' || channel === 'email')
            )
          }),
      `must list moments (${ORDER_MESSAGE_MOMENTS.join(', ')}), moment:phone, moment:email, phone or email, comma-separated`,
    ),
  /**
   * How long one process may take to send an order update before another takes it over (its
   * process died mid-send): longer than the slowest provider call. The message then goes again
   * with the same idempotency key.
   */
  ORDER_UPDATES_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** smtp: smtp(s)://user:pass@host:port; or the SMTP_HOST/PORT/USER/PASS parts. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  /** The OpenAPI page and JSON at /api/docs: on outside production, a choice (true) in production. */
  API_DOCS: booleanString.optional(),
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
  // Payments (decision 020): PAYMENT_PROVIDER, MIDTRANS_IS_PRODUCTION and MIDTRANS_API_URL are
  // shared (the storefront's page policy lets Midtrans' QR images in). 'sandbox': realistic virtual
  // accounts, QRIS and e-wallet links made here, paid from /dev/payments; never touches the network
  // and takes no money. 'midtrans': the Midtrans Core API (charge, status, cancel).
  /**
   * The Midtrans server key: authenticates our calls (Basic) and signs notifications. Unset with the
   * sandbox: notifications are signed with the documented key 'sandbox-server-key'.
   */
  MIDTRANS_SERVER_KEY: z.string().trim().min(1).optional(),
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
  /** How long the back office home's sales figures are reused before they are read again (seconds; issue 30). */
  INSIGHTS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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
  /**
   * Where new uploads (product pictures, review photos) put their bytes (decision 046): 'database'
   * (bytea rows, which every process already shares) or 's3' (an S3-compatible bucket; the rows keep
   * the key and the metadata). Pictures already stored stay readable either way.
   */
  STORAGE: z.enum(['database', 's3']).default('database'),
  /** The bucket; set, its pictures are read whatever STORAGE says (switching back loses none). */
  S3_BUCKET: z.string().trim().min(1).max(255).optional(),
  /** Another S3-compatible service (MinIO, R2, Spaces, a fake in tests); unset, AWS by S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither: unset, the SDK's own chain (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** bucket in the path (endpoint/bucket/key), as MinIO and most S3-compatible services want. */
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  /** A folder inside the bucket for this shop's objects ('shop/' or 'shop'): objects are {prefix}/{area}/{key}. */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._\-/]*$/, 'may hold letters, digits, . _ - and /')
    .transform((prefix) => prefix.replace(/^\/+|\/+$/g, ''))
    .transform((prefix) => (prefix ? `${prefix}/` : ''))
    .default(''),
  /** How long one bucket call may take before an upload answers 503 MED001, a read 502 MED002 (ms). */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
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
    !publicUrlIsLoopback(env)
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
  if (env.STORAGE === 's3' && !env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' })
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
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
export const parseConfig = (env: NodeJS.ProcessEnv): Config => parseEnv(ResolvedEnvSchema, env)

/** Loads the process configuration or stops the process with a message naming each bad value. */
export const loadConfig = (): Config => loadEnv(parseConfig)

/**
 * A production start whose codes or mails go to the outbox sends no SMS, WhatsApp or e-mail at
 * all: shoppers never get their codes. Answers the warning to log loudly at start, or null. The
 * demo on this machine (the developer pages served: every provider a stand-in, a local address) is
 * no such start: its start block says it is the demo, where its messages are read and what a real
 * shop sets (start-notice.ts, issue 44).
 */
export function outboxWarning(config: Config): string | null {
  if (config.NODE_ENV !== 'production' || devPagesAccess(config) !== 'nobody') return null
  const stored = [
    config.MESSAGING_PROVIDER === 'outbox' ? 'one-time codes (MESSAGING_PROVIDER=outbox)' : null,
    config.MAIL_PROVIDER === 'outbox' ? 'e-mails (MAIL_PROVIDER=outbox)' : null,
  ].filter(Boolean)
  if (stored.length === 0) return null
  return `!!! PRODUCTION WITH THE OUTBOX: ${stored.join(' and ')} are only stored, never sent. Set a real provider before shoppers arrive. !!!`
}
