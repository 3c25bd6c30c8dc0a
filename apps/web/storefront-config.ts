import { z } from 'zod'
import { BRAND_IDS } from '@busana/contract/schemas'
import { httpUrl, loadEnv, parseEnv, ServerEnvSchema } from '@busana/server/config'

/**
 * The storefront server's configuration: what every root reads (@busana/server/config: port, log,
 * proxy trust, developer pages, payment provider…) and the storefront's own variables. The API
 * mounted in this process reads its own (apps/api/src/config.ts) from the same environment.
 */

const brandId = z.coerce
  .number()
  .int()
  .refine((id) => (BRAND_IDS as readonly number[]).includes(id), `must be one of ${BRAND_IDS.join(', ')}`)
  .default(9)

/** An optional analytics id: empty is unset. */
const vendorId = (shape: RegExp, message: string) =>
  z
    .string()
    .trim()
    .regex(shape, message)
    .default('')
    .transform((value) => value || undefined)

const StorefrontEnvSchema = ServerEnvSchema.extend({
  /**
   * The storefront alone: render through this API over HTTP (and proxy the browser's /api calls
   * to it) instead of mounting the API in process. The storefront then opens no database.
   */
  API_URL: httpUrl.optional(),
  /** The brand this storefront build serves (docs/product: 9 is the main brand). */
  BRAND_ID: brandId,
  /** The one brand whose storefront shows the member campaign popup (docs/product/account.md §2). */
  CAMPAIGN_BRAND_ID: brandId,
  /**
   * Consented analytics (docs/decisions/034-consented-analytics.md): each vendor loads, after the
   * shopper accepts the consent banner, only when its id is set, and the pages' CSP then lets in its
   * hosts. GA4 measurement id (G-…), Meta Pixel id (digits), Google Tag Manager container (GTM-…).
   */
  GA4_ID: vendorId(/^(G-[A-Z0-9]{4,20})?$/, 'must be a GA4 measurement id like G-ABC123XYZ'),
  META_PIXEL_ID: vendorId(/^(\d{5,20})?$/, 'must be a Meta Pixel id (digits)'),
  GTM_ID: vendorId(/^(GTM-[A-Z0-9]{4,12})?$/, 'must be a Tag Manager container id like GTM-ABC1234'),
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
})

export type StorefrontConfig = Readonly<z.infer<typeof StorefrontEnvSchema>>

/** Parses an environment; every bad variable is reported at once. */
export const parseConfig = (env: NodeJS.ProcessEnv): StorefrontConfig => parseEnv(StorefrontEnvSchema, env)

/** Loads the process configuration or stops the process with a message naming each bad value. */
export const loadConfig = (): StorefrontConfig => loadEnv(parseConfig)
