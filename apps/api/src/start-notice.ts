import { devPagesAccess } from '@busana/server/config'
import type { Config } from './config.ts'
import type { FirstOwner } from './domains/staff/index.ts'

/** Where the back office is served (apps/web/admin-app.ts, decision 036). */
export const ADMIN_PATH = '/admin'
/** Where the demo's one-time codes and messages are read (the developer pages). */
export const OUTBOX_PATH = '/dev/outbox'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The shop's address as the person who started it types it: PUBLIC_URL, except that a PUBLIC_URL
 * on this machine (the default http://localhost:3000) takes the port the process listens on.
 */
export function shopAddress(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  const url = new URL(config.PUBLIC_URL)
  if (loopbackHosts.has(url.hostname) && config.PORT > 0) url.port = String(config.PORT)
  return url.toString().replace(/\/$/, '')
}

/**
 * The plain block a start prints on stdout once it listens (issue 43): the shop's address, the
 * back office's, who signs in (with the one-time password of an owner this start created, the
 * only place it is shown: the JSON log never holds it) and, in the demo, where codes and messages
 * are read. Printed when this start created the owner or the shop is the demo (the developer
 * pages are served); null otherwise, so a production start with its owner already made is silent.
 */
export function startNotice(
  firstOwner: FirstOwner,
  config: Pick<
    Config,
    'PUBLIC_URL' | 'PORT' | 'DEV_PAGES' | 'MESSAGING_PROVIDER' | 'MAIL_PROVIDER' | 'PAYMENT_PROVIDER'
  >,
): string | null {
  const demo = devPagesAccess(config) !== 'nobody'
  if (firstOwner.state !== 'created' && !demo) return null
  const shop = shopAddress(config)
  const signIn =
    firstOwner.state === 'created'
      ? [
          `  E-mail:             ${firstOwner.email}`,
          `  One-time password:  ${firstOwner.password}`,
          '                      shown this once; the back office asks you to choose your own',
        ]
      : firstOwner.state === 'configured'
        ? [
            `  E-mail:             ${firstOwner.email}`,
            '  Password:           ADMIN_PASSWORD (ADMIN_EMAIL is set)',
          ]
        : [
            '  Sign in:            with your staff account (the first one-time password was shown at the first start)',
          ]
  const rule = '-'.repeat(72)
  return [
    '',
    rule,
    '  Busana is running',
    '',
    `  Shop:               ${shop}`,
    `  Back office:        ${shop}${ADMIN_PATH}`,
    ...signIn,
    ...(demo
      ? [
          '',
          '  This is the demo shop: its catalog and orders are made up, and it sends no SMS, WhatsApp',
          '  or e-mail and takes no real payment.',
          `  Codes and messages: ${shop}${OUTBOX_PATH}`,
          '  A real shop sets DATABASE_URL, PUBLIC_URL, MESSAGING_PROVIDER, MAIL_PROVIDER and',
          '  PAYMENT_PROVIDER (README, Configuration; docs/deploy.md).',
        ]
      : []),
    rule,
    '',
  ].join('\n')
}
