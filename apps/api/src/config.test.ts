import { describe, expect, it } from 'vitest'
import { devPagesAccess, outboxWarning, parseConfig } from './config.ts'

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({ PORT: 3000, SEED_ON_START: true, NODE_ENV: 'development' })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DATA_DIR).toMatch(/\.data$/)
  })

  it('names every bad variable at once', () => {
    let message = ''
    try {
      parseConfig({ PORT: 'abc', SHIPPING_PROVIDER: 'post', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('PORT')
    expect(message).toContain('SHIPPING_PROVIDER')
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
  })

  it('seeds the embedded database by default, a DATABASE_URL one only when asked', () => {
    expect(parseConfig({}).SEED_ON_START).toBe(true)
    expect(parseConfig({ SEED_ON_START: 'false' }).SEED_ON_START).toBe(false)
    const url = 'postgres://u@127.0.0.1:5432/shop'
    expect(parseConfig({ DATABASE_URL: url }).SEED_ON_START).toBe(false)
    expect(parseConfig({ DATABASE_URL: url, SEED_ON_START: 'true' }).SEED_ON_START).toBe(true)
  })

  it('is frozen', () => {
    expect(Object.isFrozen(parseConfig({}))).toBe(true)
  })
})

describe('message provider settings', () => {
  it('defaults to the outbox for messages and mail', () => {
    expect(parseConfig({})).toMatchObject({ MESSAGING_PROVIDER: 'outbox', MAIL_PROVIDER: 'outbox' })
  })

  it('requires the settings of the chosen providers and a valid body template', () => {
    expect(() => parseConfig({ MESSAGING_PROVIDER: 'http' })).toThrow('MESSAGING_HTTP_URL')
    expect(() => parseConfig({ MAIL_PROVIDER: 'smtp' })).toThrow('SMTP_URL')
    expect(() =>
      parseConfig({
        MESSAGING_PROVIDER: 'http',
        MESSAGING_HTTP_URL: 'https://sms.example/send',
        MESSAGING_HTTP_BODY: '{"to":{{to}',
      }),
    ).toThrow('MESSAGING_HTTP_BODY')
    expect(() => parseConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'http://mail' })).toThrow('SMTP_URL')
    const config = parseConfig({
      MESSAGING_PROVIDER: 'http',
      MESSAGING_HTTP_URL: 'https://sms.example/send',
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example',
    })
    expect(config).toMatchObject({ MESSAGING_PROVIDER: 'http', MAIL_PROVIDER: 'smtp', SMTP_PORT: 587 })
  })
})

describe('payments', () => {
  it('defaults to the sandbox; midtrans needs its server key; a public production build never runs the sandbox on the public key', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      PAYMENT_PROVIDER: 'sandbox',
      MIDTRANS_IS_PRODUCTION: false,
      PAYMENT_TIMEOUT_MS: 8000,
    })
    expect(config.MIDTRANS_SERVER_KEY).toBeUndefined()
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'midtrans' })).toThrow(/MIDTRANS_SERVER_KEY: is required/)
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/)
    expect(() => parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' })).toThrow(
      /PAYMENT_PROVIDER: the sandbox's notification key is public/,
    )
    expect(parseConfig({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('sandbox')
    expect(
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', MIDTRANS_SERVER_KEY: 's' })
        .PAYMENT_PROVIDER,
    ).toBe('sandbox')
    expect(
      parseConfig({ PAYMENT_PROVIDER: 'midtrans', MIDTRANS_SERVER_KEY: 'k', MIDTRANS_IS_PRODUCTION: 'true' })
        .MIDTRANS_IS_PRODUCTION,
    ).toBe(true)
    expect(() => parseConfig({ MIDTRANS_API_URL: 'ftp://x' })).toThrow(/MIDTRANS_API_URL/)
  })
})

describe('developer pages', () => {
  it('follow the shared rule (packages/server) with the API’s providers: a real one is a real deployment', () => {
    expect(devPagesAccess(parseConfig({}))).toBe('loopback')
    expect(
      devPagesAccess(
        parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'midtrans', MIDTRANS_SERVER_KEY: 'k' }),
      ),
    ).toBe('nobody')
  })
})

describe('a production start with the outbox', () => {
  it('is warned about loudly: codes and mails would never be sent', () => {
    expect(outboxWarning(parseConfig({}))).toBeNull()
    // The demo on this machine (`npm start`: a local address, every provider a stand-in) is told
    // plainly by its start block instead, not shouted at (issue 44).
    expect(
      outboxWarning(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })),
    ).toBeNull()
    const warning = outboxWarning(
      parseConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        PAYMENT_PROVIDER: 'midtrans',
        MIDTRANS_SERVER_KEY: 'k',
      }),
    )
    expect(warning).toMatch(/PRODUCTION WITH THE OUTBOX.*MESSAGING_PROVIDER=outbox.*MAIL_PROVIDER=outbox/)
    expect(
      outboxWarning(
        parseConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://shop.example',
          PAYMENT_PROVIDER: 'midtrans',
          MIDTRANS_SERVER_KEY: 'k',
          MESSAGING_PROVIDER: 'http',
          MESSAGING_HTTP_URL: 'https://sms.example',
          MAIL_PROVIDER: 'smtp',
          SMTP_HOST: 'smtp.example',
        }),
      ),
    ).toBeNull()
  })
})

describe('upload storage (decision 046)', () => {
  it('keeps uploads in the database by default; s3 needs a bucket, and keys come in pairs', () => {
    expect(parseConfig({})).toMatchObject({ STORAGE: 'database', S3_REGION: 'us-east-1', S3_PREFIX: '' })
    expect(parseConfig({}).S3_BUCKET).toBeUndefined()
    expect(() => parseConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE=s3/)
    expect(() => parseConfig({ STORAGE: 'disk' })).toThrow(/STORAGE/)
    expect(() => parseConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
    )
    expect(() => parseConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/)
    const s3 = parseConfig({
      STORAGE: 's3',
      S3_BUCKET: 'busana-pictures',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/shop-a/',
    })
    expect(s3).toMatchObject({
      STORAGE: 's3',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'shop-a/',
      S3_TIMEOUT_MS: 5000,
    })
    expect(parseConfig({ S3_BUCKET: 'b', S3_PREFIX: 'a/b' }).S3_PREFIX).toBe('a/b/')
  })
})
