import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPlugin, buildApi } from '../app.ts'
import { createStaff } from '../domains/staff/staff.service.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { createSignedInMember } from '../test/member-factories.ts'

/**
 * JSON bodies nested past the bound (issue 38): 400 REQ001 before any other work on every route,
 * whoever calls, in the API alone and mounted in another root as the storefront mounts it; a
 * client's mistake, so nothing at error level in the log.
 */

const DEEP_ARRAYS = '['.repeat(5000) + ']'.repeat(5000)
const DEEP_OBJECTS = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)
const TOO_DEEP = 'The JSON body is nested too deeply (at most 32 levels)'

/** pino's numeric levels: 50 is error, 60 fatal. */
const levelOf = (line: string) => (JSON.parse(line) as { level: number }).level

let t: TestApp
let app: FastifyInstance
let mounted: FastifyInstance
const lines: string[] = []
let memberToken: string
let staffToken: string

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const stream = { write: (line: string) => lines.push(line) }
  app = await buildApi({ config: t.config, database: t.database, logger: { level: 'info', stream } })
  // A root of its own mounting the API plugin, as apps/web/server.ts does.
  mounted = Fastify({ logger: { level: 'info', stream } })
  await mounted.register(apiPlugin, { config: t.config, database: t.database })
  await Promise.all([app.ready(), mounted.ready()])
  memberToken = (await createSignedInMember(t.database.db)).token
  const staff = { email: 'depth-owner@example.test', password: 'depth owner password 1' }
  await createStaff(t.database.db, { ...staff, name: 'Depth Owner', role: 'owner' })
  const login = await app.inject({ method: 'POST', url: '/api/admin/v1/auth/login', payload: staff })
  staffToken = (login.json() as { data: { token: string } }).data.token
}, 120_000)

afterAll(async () => {
  await Promise.all([app?.close(), mounted?.close()])
  await t?.close()
})

const post = (on: FastifyInstance, url: string, payload: string, headers: Record<string, string> = {}) =>
  on.inject({
    method: 'POST',
    url,
    headers: { 'x-brand-id': '9', 'content-type': 'application/json', ...headers },
    payload,
  })

describe('JSON nesting bound', () => {
  it('refuses a deeply nested body with 400 REQ001 on public, member and staff routes, logging no error', async () => {
    const calls: [string, Record<string, string>?][] = [
      ['/api/v1/member/login'],
      ['/api/v1/orders/cart_guest'],
      ['/api/admin/v1/auth/login'],
      ['/api/v1/cart/add', { authorization: `Bearer ${memberToken}` }],
      ['/api/admin/v1/vouchers', { authorization: `Bearer ${staffToken}` }],
    ]
    lines.length = 0
    for (const [url, headers] of calls) {
      for (const body of [DEEP_ARRAYS, DEEP_OBJECTS]) {
        const res = await post(app, url, body, headers)
        expect(res.statusCode, `${url} ${body.slice(0, 5)}`).toBe(400)
        expect(res.json()).toEqual({ status: 400, message: TOO_DEEP, code: 'REQ001', data: null })
      }
    }
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.filter((line) => levelOf(line) >= 50)).toEqual([])
  })

  it('answers in Indonesian when asked', async () => {
    const res = await post(app, '/api/v1/member/login', DEEP_ARRAYS, { 'accept-language': 'id' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'REQ001',
      message: 'Isi JSON bersarang terlalu dalam (paling banyak 32 tingkat)',
    })
  })

  it('holds in a root that mounts the API plugin (the storefront process)', async () => {
    lines.length = 0
    const res = await post(mounted, '/api/v1/member/login', DEEP_OBJECTS)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'REQ001', message: TOO_DEEP })
    expect(lines.filter((line) => levelOf(line) >= 50)).toEqual([])
  })

  it('takes 32 levels, counts no bracket inside a string, and keeps an empty body as none', async () => {
    const atBound = '['.repeat(32) + ']'.repeat(32)
    const res = await post(app, '/api/v1/member/login', atBound)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).not.toMatch(/nested/)
    const pastBound = '['.repeat(33) + ']'.repeat(33)
    expect((await post(app, '/api/v1/member/login', pastBound)).json().message).toBe(TOO_DEEP)
    // Brackets in text (and an escaped quote before them) are text, not nesting.
    const password = '\\"' + '[{'.repeat(100)
    const text = await post(
      app,
      '/api/v1/member/login',
      `{"username":"sari@example.com","password":"${password}"}`,
    )
    expect(text.json().message).not.toMatch(/nested/)
    expect(text.json().code).not.toBe('SRV001')
    // The member routes' empty JSON body stays no body (plugins/empty-json-body.ts).
    const leaving = (await createSignedInMember(t.database.db)).token
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/member/logout',
      headers: { 'x-brand-id': '9', 'content-type': 'application/json', authorization: `Bearer ${leaving}` },
      payload: '',
    })
    expect(empty.statusCode).toBe(200)
  })
})
