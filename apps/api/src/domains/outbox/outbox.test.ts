import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { buildApi } from '../../app.ts'
import type { Config } from '../../config.ts'
import { storeMessage } from './outbox.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

describe('/dev/outbox outside production', () => {
  it('lists the latest messages newest first as HTML (escaped) and JSON, without a brand header', async () => {
    await storeMessage(t.database.db, {
      channel: 'SMS',
      recipient: '081200000001',
      body: 'first code is 1234',
    })
    await storeMessage(t.database.db, {
      channel: 'EMAIL',
      recipient: 'a@example.com',
      subject: 'Temporary <password>',
      body: '<script>alert(1)</script>',
    })
    const html = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.headers['cache-control']).toBe('no-store')
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html.body).not.toContain('<script>alert(1)')
    expect(html.body.indexOf('a@example.com')).toBeLessThan(html.body.indexOf('081200000001'))

    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    const data = (json.json() as { data: Array<{ recipient: string; channel: string; body: string }> }).data
    expect(data.map((m) => m.recipient)).toEqual(['a@example.com', '081200000001'])
    const one = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=081200000001&limit=1' })
    expect((one.json() as { data: unknown[] }).data).toHaveLength(1)
    const bad = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?limit=0' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('/dev/outbox in production', () => {
  const statusWith = async (overrides: Partial<Config>) => {
    const app = await buildApi({ config: { ...t.config, ...overrides }, database: t.database, logger: false })
    await app.ready()
    try {
      const codes: number[] = []
      for (const url of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await app.inject({ method: 'GET', url })
        if (res.statusCode === 404) expect(res.body).not.toContain('1234')
        codes.push(res.statusCode)
      }
      return codes
    } finally {
      await app.close()
    }
  }

  it('answers 404 for the page and the JSON on a real deployment', async () => {
    expect(await statusWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' })).toEqual([
      404, 404,
    ])
    expect(
      await statusWith({
        NODE_ENV: 'production',
        MESSAGING_PROVIDER: 'http',
        MESSAGING_HTTP_URL: 'https://sms.example',
      }),
    ).toEqual([404, 404])
    expect(await statusWith({ NODE_ENV: 'development', DEV_PAGES: 'false' })).toEqual([404, 404])
  })

  it('stays readable for a production build on localhost with outbox providers (npm start, e2e)', async () => {
    expect(await statusWith({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toEqual([
      200, 200,
    ])
    expect(
      await statusWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEV_PAGES: 'true' }),
    ).toEqual([200, 200])
  })
})

describe('message providers', () => {
  it('a failing provider answers 502 MSG001, never a 500', async () => {
    const app = await buildApi({
      config: t.config,
      database: t.database,
      logger: false,
      providers: {
        messaging: { name: 'broken', send: async () => Promise.reject(new Error('gateway down')) },
      },
    })
    await app.ready()
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/member/login_otp_send',
        headers: { 'x-brand-id': '9' },
        payload: { type: 'SMS', phone: '081277788899' },
      })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({ code: 'MSG001' })
    } finally {
      await app.close()
    }
  })

  it('the outbox adapters log a line without the message body', async () => {
    const lines: string[] = []
    const stream = { write: (line: string) => lines.push(line) }
    const app = await buildApi({
      config: t.config,
      database: t.database,
      logger: { level: 'info', stream },
    })
    await app.ready()
    try {
      await app.inject({
        method: 'POST',
        url: '/api/v1/member/login_otp_send',
        headers: { 'x-brand-id': '9' },
        payload: { type: 'WHATSAPP', phone: '081277788800' },
      })
      const outbox = await app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=081277788800' })
      const code = /code is (\d+)/.exec(
        (outbox.json() as { data: Array<{ body: string }> }).data[0]!.body,
      )![1]!
      const stored = lines.filter((line) => line.includes('stored in the outbox'))
      expect(stored).toHaveLength(1)
      expect(stored[0]).toContain('********8800')
      expect(lines.join('\n')).not.toContain(code)
    } finally {
      await app.close()
    }
  })
})
