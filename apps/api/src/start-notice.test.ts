import { describe, expect, it } from 'vitest'
import { shopAddress, startNotice } from './start-notice.ts'

/** The start's plain notice (issue 43): what `npm start` ends its output with. */

const demo = {
  PUBLIC_URL: 'http://localhost:3000',
  PORT: 3000,
  DEV_PAGES: 'auto',
  MESSAGING_PROVIDER: 'outbox',
  MAIL_PROVIDER: 'outbox',
  PAYMENT_PROVIDER: 'sandbox',
} as const
const production = {
  ...demo,
  PUBLIC_URL: 'https://busana.co.id',
  MESSAGING_PROVIDER: 'http',
  MAIL_PROVIDER: 'smtp',
  PAYMENT_PROVIDER: 'midtrans',
} as const

describe('startNotice', () => {
  it("gives the demo's addresses, the created owner's one-time password and the outbox, in plain lines", () => {
    const notice = startNotice(
      { state: 'created', email: 'admin@busana.local', password: 'p4ss-W0rd_once' },
      demo,
    )
    expect(notice).toBe(
      [
        '',
        '-'.repeat(72),
        '  Busana is running',
        '',
        '  Shop:               http://localhost:3000',
        '  Back office:        http://localhost:3000/admin',
        '  E-mail:             admin@busana.local',
        '  One-time password:  p4ss-W0rd_once',
        '                      shown this once; the back office asks you to choose your own',
        '',
        '  This is the demo shop: its catalog and orders are made up, and it sends no SMS, WhatsApp',
        '  or e-mail and takes no real payment.',
        '  Codes and messages: http://localhost:3000/dev/outbox',
        '  A real shop sets DATABASE_URL, PUBLIC_URL, MESSAGING_PROVIDER, MAIL_PROVIDER and',
        '  PAYMENT_PROVIDER (README, Configuration; docs/deploy.md).',
        '-'.repeat(72),
        '',
      ].join('\n'),
    )
    // Plain text, not a JSON log line.
    expect(notice!.split('\n').some((line) => line.trim().startsWith('{'))).toBe(false)
  })

  it('says ADMIN_EMAIL is set instead of a password', () => {
    const notice = startNotice({ state: 'configured', email: 'owner@toko.test' }, demo)!
    expect(notice).toContain('  E-mail:             owner@toko.test\n')
    expect(notice).toContain('ADMIN_PASSWORD (ADMIN_EMAIL is set)')
    expect(notice).not.toContain('One-time password')
  })

  it('still gives the addresses on a later demo start, without any password', () => {
    const notice = startNotice({ state: 'existing' }, demo)!
    expect(notice).toContain('Back office:        http://localhost:3000/admin')
    expect(notice).toContain('with your staff account')
    expect(notice).not.toContain('password:')
  })

  it('is silent on a production start whose owner exists or is configured, but shows a created one-time password', () => {
    expect(startNotice({ state: 'existing' }, production)).toBeNull()
    expect(startNotice({ state: 'configured', email: 'owner@busana.co.id' }, production)).toBeNull()
    const created = startNotice(
      { state: 'created', email: 'admin@busana.local', password: 'secret-once' },
      production,
    )!
    expect(created).toContain('  Shop:               https://busana.co.id\n')
    expect(created).toContain('  One-time password:  secret-once\n')
    expect(created).not.toContain('/dev/outbox')
  })
})

describe('shopAddress', () => {
  it('takes the port the process listens on for an address on this machine, PUBLIC_URL as it is otherwise', () => {
    expect(shopAddress({ PUBLIC_URL: 'http://localhost:3000', PORT: 3250 })).toBe('http://localhost:3250')
    expect(shopAddress({ PUBLIC_URL: 'https://busana.co.id/', PORT: 3000 })).toBe('https://busana.co.id')
    expect(shopAddress({ PUBLIC_URL: 'https://busana.co.id/toko', PORT: 8080 })).toBe(
      'https://busana.co.id/toko',
    )
  })
})
