import { describe, expect, it } from 'vitest'
import {
  devPagesAccess,
  isDirectLoopbackRequest,
  loadEnv,
  midtransApiUrl,
  parseEnv,
  proxyTrustWarning,
  publicUrlIsLoopback,
  ServerEnvSchema,
} from './config.ts'

const parseConfig = (env: Record<string, string>) => parseEnv(ServerEnvSchema, env)

describe('configuration every root reads', () => {
  it('has working defaults and is frozen', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'sampled',
      REQUEST_TIMEOUT_MS: 30_000,
      DEV_PAGES: 'auto',
      PAYMENT_PROVIDER: 'sandbox',
    })
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}LOG_LEVEL: /,
    )
  })

  it('extends into an app’s own schema, whose variables are checked with the shared ones', () => {
    const schema = ServerEnvSchema.extend({ API_ONLY: ServerEnvSchema.shape.PORT })
    expect(parseEnv(schema, { API_ONLY: '8080' })).toMatchObject({ API_ONLY: 8080, PORT: 3000 })
    expect(() => parseEnv(schema, { API_ONLY: 'x', PORT: 'y' })).toThrow(/PORT[\s\S]*API_ONLY/)
  })

  it('stops the process with the message when the environment is bad', () => {
    const exit = process.exit
    const error = console.error
    const said: string[] = []
    try {
      console.error = (message: string) => void said.push(message)
      process.exit = ((code: number) => {
        throw new Error(`exit ${code}`)
      }) as typeof process.exit
      expect(() =>
        loadEnv(() => {
          throw new Error('Invalid configuration:\n  PORT: bad')
        }),
      ).toThrow('exit 1')
      expect(said).toEqual(['Invalid configuration:\n  PORT: bad'])
    } finally {
      process.exit = exit
      console.error = error
    }
  })
})

describe('proxy trust', () => {
  it('trusts no proxy by default; a hop count or a list of proxy addresses when set', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false)
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1')
  })
})

describe('developer pages', () => {
  it('auto: loopback only when the shop is this machine with stand-in providers, in any environment; else nobody', () => {
    expect(devPagesAccess(parseConfig({}))).toBe('loopback')
    expect(devPagesAccess(parseConfig({ PUBLIC_URL: 'https://dev.example' }))).toBe('nobody')
    expect(devPagesAccess(parseConfig({ NODE_ENV: 'production' }))).toBe('loopback')
    expect(devPagesAccess(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3210' }))).toBe(
      'loopback',
    )
    const publicShop = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }
    expect(devPagesAccess(parseConfig({ ...publicShop, MIDTRANS_SERVER_KEY: 'secret' }))).toBe('nobody')
    // A real payment provider is a real deployment: no developer page, on this machine neither.
    expect(
      devPagesAccess(
        parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'midtrans', MIDTRANS_SERVER_KEY: 'k' }),
      ),
    ).toBe('nobody')
    expect(
      devPagesAccess(
        parseConfig({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example' }),
      ),
    ).toBe('nobody')
    expect(devPagesAccess(parseConfig({ NODE_ENV: 'production', DEV_PAGES: 'true' }))).toBe('everyone')
    expect(devPagesAccess(parseConfig({ DEV_PAGES: 'false' }))).toBe('nobody')
  })
})

describe('loopback', () => {
  it('knows a shop whose public address is this machine', () => {
    expect(publicUrlIsLoopback({ PUBLIC_URL: 'http://localhost:3000' })).toBe(true)
    expect(publicUrlIsLoopback({ PUBLIC_URL: 'https://shop.example' })).toBe(false)
  })

  it('takes a request as direct only from a loopback peer naming this machine, with no proxy header', () => {
    const request = (remoteAddress: string, headers: Record<string, string>) =>
      ({ socket: { remoteAddress }, headers }) as unknown as Parameters<typeof isDirectLoopbackRequest>[0]
    expect(isDirectLoopbackRequest(request('127.0.0.1', { host: 'localhost:3000' }))).toBe(true)
    expect(isDirectLoopbackRequest(request('::1', { host: '[::1]:3000' }))).toBe(true)
    expect(isDirectLoopbackRequest(request('10.0.0.2', { host: 'localhost:3000' }))).toBe(false)
    expect(isDirectLoopbackRequest(request('127.0.0.1', { host: 'shop.example' }))).toBe(false)
    expect(
      isDirectLoopbackRequest(request('127.0.0.1', { host: 'localhost', 'x-forwarded-for': '6.6.6.6' })),
    ).toBe(false)
  })
})

describe('Midtrans', () => {
  it('is its sandbox by default, production when asked, or the origin given', () => {
    expect(midtransApiUrl(parseConfig({}))).toBe('https://api.sandbox.midtrans.com')
    expect(midtransApiUrl(parseConfig({ MIDTRANS_IS_PRODUCTION: 'true' }))).toBe('https://api.midtrans.com')
    expect(midtransApiUrl(parseConfig({ MIDTRANS_API_URL: 'http://127.0.0.1:9999/' }))).toBe(
      'http://127.0.0.1:9999',
    )
    expect(() => parseConfig({ MIDTRANS_API_URL: 'ftp://x' })).toThrow(/MIDTRANS_API_URL/)
  })
})

describe('proxyTrustWarning', () => {
  it('warns when a hop count meets a HOST that clients can reach directly', () => {
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY: '1' }))).toMatch(
      /TRUST_PROXY=1 trusts whoever connects directly, and HOST=0\.0\.0\.0/,
    )
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY: '2', HOST: '10.0.0.5' }))).toBeDefined()
  })

  it('is quiet on loopback, with the proxies named by address, and without TRUST_PROXY', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(proxyTrustWarning(parseConfig({ TRUST_PROXY: '1', HOST })), HOST).toBeUndefined()
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY: '127.0.0.1' }))).toBeUndefined()
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY: '10.0.0.0/8' }))).toBeUndefined()
    expect(proxyTrustWarning(parseConfig({}))).toBeUndefined()
  })
})
