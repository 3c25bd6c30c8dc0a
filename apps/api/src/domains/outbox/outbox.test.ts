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

  it("keeps a message once per idempotency key and shows an e-mail's HTML part under the page's policy", async () => {
    const mail = {
      channel: 'EMAIL' as const,
      recipient: 'html@example.com',
      subject: 'Order paid',
      body: 'plain text part',
      html: '<!doctype html><html lang="en"><body><p>Paid</p></body></html>',
      idempotencyKey: 'paid-00000000-0000-4000-8000-000000000001',
    }
    await storeMessage(t.database.db, mail)
    // A sender that died before recording it sent tries again with the same key: kept once.
    await storeMessage(t.database.db, { ...mail, body: 'second try' })
    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=html@example.com' })
    const data = (json.json() as { data: Array<{ id: number; body: string; has_html: boolean }> }).data
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({ body: 'plain text part', has_html: true })
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(page.body).toContain(`href="/dev/outbox/${data[0]!.id}.html"`)
    const html = await t.app.inject({ method: 'GET', url: `/dev/outbox/${data[0]!.id}.html` })
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.body).toBe(mail.html)
    // Nothing remote loads: images, fonts and scripts are refused by the policy.
    expect(html.headers['content-security-policy']).toContain("default-src 'none'")
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/999999.html' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox/abc.html' })).statusCode).toBe(400)
  })
})

describe('/dev/outbox in production', () => {
  type Probe = { remoteAddress?: string; headers?: Record<string, string> }
  /** Builds an app with these settings and answers the page and the JSON for one kind of request. */
  const answersWith = async (overrides: Partial<Config>, probe: Probe = {}) => {
    const app = await buildApi({
      config: { ...t.config, ...overrides },
      database: t.database,
      logger: false,
    })
    await app.ready()
    try {
      const answers: Array<{ status: number; body: string }> = []
      for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/nothing-here']) {
        const res = await app.inject({
          method: 'GET',
          url,
          remoteAddress: probe.remoteAddress ?? '127.0.0.1',
          headers: probe.headers ?? {},
        })
        answers.push({ status: res.statusCode, body: res.body })
      }
      return answers
    } finally {
      await app.close()
    }
  }
  const statusWith = async (overrides: Partial<Config>, probe?: Probe) =>
    (await answersWith(overrides, probe)).slice(0, 2).map((answer) => answer.status)
  /** Hidden: the page and the JSON answer exactly what an unknown path answers, and no code. */
  const expectHidden = (answers: Array<{ status: number; body: string }>) => {
    const [page, json, unknown] = answers
    expect(page!.status).toBe(404)
    expect(json!.status).toBe(404)
    expect(page!.body).not.toContain('1234')
    expect(page!.body.replace('/dev/outbox', '/dev/nothing-here')).toBe(unknown!.body)
    expect(json!.body.replace('/dev/outbox.json', '/dev/nothing-here')).toBe(unknown!.body)
  }
  const local = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' } as const

  it('answers 404 for the page and the JSON on a real deployment, from any address', async () => {
    for (const probe of [{}, { remoteAddress: '203.0.113.7' }]) {
      expectHidden(await answersWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }, probe))
      expectHidden(
        await answersWith(
          { ...local, MESSAGING_PROVIDER: 'http', MESSAGING_HTTP_URL: 'https://sms.example' },
          probe,
        ),
      )
      expectHidden(await answersWith({ ...local, MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example' }, probe))
    }
    expectHidden(await answersWith({ NODE_ENV: 'development', DEV_PAGES: 'false' }))
  })

  it('on a local production build (npm start, e2e) serves only direct loopback requests', async () => {
    await storeMessage(t.database.db, { channel: 'SMS', recipient: '081200000002', body: 'code is 1234' })
    // Plain requests from this machine, IPv4 or IPv6.
    for (const remoteAddress of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect(await statusWith(local, { remoteAddress }), remoteAddress).toEqual([200, 200])
    }
    // Another machine: PUBLIC_URL left at its localhost default on a server listening on 0.0.0.0.
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.5', '2001:db8::1']) {
      expectHidden(await answersWith(local, { remoteAddress }))
    }
    // A reverse proxy on the same host connects from loopback but says whom it forwards.
    const proxied: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]
    for (const headers of proxied) {
      expectHidden(await answersWith(local, { headers }))
    }
    // A tunnel or a local nginx adding no forwarding header still passes the public Host, or says so.
    const tunnelled: Array<Record<string, string>> = [
      { host: 'shop.example.com' },
      { host: 'abc123.ngrok-free.app' },
      { 'x-forwarded-host': 'shop.example.com' },
      { via: '1.1 nginx' },
      { 'cf-connecting-ip': '203.0.113.7' },
    ]
    for (const headers of tunnelled) {
      expectHidden(await answersWith(local, { headers }))
    }
    expect(await statusWith(local, { headers: { host: '127.0.0.1:3000' } })).toEqual([200, 200])
    expect(await statusWith(local, { headers: { host: '[::1]:3000' } })).toEqual([200, 200])
  })

  it('trusting a proxy cannot fake a loopback caller: the socket peer decides, not request.ip', async () => {
    expectHidden(
      await answersWith(
        { ...local, TRUST_PROXY: 1 },
        { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      ),
    )
  })

  it('DEV_PAGES forces it either way', async () => {
    expect(
      await statusWith(
        { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEV_PAGES: 'true' },
        { remoteAddress: '203.0.113.7' },
      ),
    ).toEqual([200, 200])
    expectHidden(await answersWith({ ...local, DEV_PAGES: 'false' }))
    // Outside production too, whatever the start script (npm run start:api): this machine only.
    expectHidden(await answersWith({ NODE_ENV: 'development' }, { remoteAddress: '10.0.0.2' }))
    expect(await statusWith({ NODE_ENV: 'development' })).toEqual([200, 200])
    expectHidden(await answersWith({ NODE_ENV: 'development', PUBLIC_URL: 'https://dev.example' }))
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
