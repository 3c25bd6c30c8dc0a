import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_HEADER } from '@busana/contract/schemas'
import { createStaff } from './domains/staff/staff.service.ts'
import { createSignedInMember } from './test/member-factories.ts'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

/**
 * Property-based test over every route of the API (issue 11: no 500 for any client input).
 *
 * The routes and their schemas come from the OpenAPI document the app builds from the contract, so
 * a new route is fuzzed without touching this file. Each call gets arbitrary path parameters, query
 * strings and bodies: half shaped by the route's own schema (right names, wrong or hostile values:
 * control characters, NUL, right-to-left marks, huge numbers, wrong types), half any JSON at all;
 * signed in as a member, as staff, or not at all. Whatever arrives, the answer is never a 5xx.
 * The seed is fixed (FUZZ_SEED overrides it) so a failure replays; fast-check prints the
 * shrunk counterexample.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25)

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  maxLength?: number
  minimum?: number
  maximum?: number
}

type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/** Strings a hostile or careless client sends. */
const hostileString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'Siti\u0000Rahma',
  'a\u0007b\u001b[31m',
  '\u007f\u0085\u009b',
  '\u202eevil\u202c',
  '\ud800',
  '😀👍🏽',
  "'; drop table customers; --",
  '%00%ff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '٣٤٥',
  'x'.repeat(5000),
)

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

const anyJson = fc.jsonValue({ maxDepth: 3 })

/** A value for a schema: usually its shape with hostile content, sometimes something else entirely. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
  if (variants.length > 0) return fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)))
  const wrong = fc.oneof(
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(anyJson, { maxLength: 3 }),
  )
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  let shaped: fc.Arbitrary<unknown>
  if (schema.enum) shaped = fc.oneof(fc.constantFrom(...schema.enum), hostileString)
  else if (schema.const !== undefined) shaped = fc.constant(schema.const)
  else if (types.includes('object') || schema.properties) {
    const props = schema.properties ?? {}
    const record = Object.fromEntries(
      Object.entries(props).map(([name, prop]) => [name, valueFor(prop, depth + 1)]),
    )
    shaped = fc.record(record, { requiredKeys: [] })
  } else if (types.includes('array')) shaped = fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 })
  else if (types.includes('integer') || types.includes('number')) shaped = hostileNumber
  else if (types.includes('boolean')) shaped = fc.oneof(fc.boolean(), hostileString)
  else shaped = fc.oneof(hostileString, fc.string({ maxLength: schema.maxLength ?? 40, unit: 'binary' }))
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: wrong })
}

/** A query-string or path value: any text, as a client would type or forge it. */
const textValue = fc.oneof(
  hostileString,
  fc.string({ maxLength: 30, unit: 'binary' }),
  hostileNumber.map(String),
  fc.constantFrom('1', '9', 'ORD-20261123-0001', 'PRP-1001', 'primary'),
)

function scalarFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  if (schema?.enum) return fc.oneof(fc.constantFrom(...schema.enum.map(String)), textValue)
  return textValue
}

/**
 * A valid body for the calls that store or compare free text, so a hostile value in one field gets
 * past the others' validation and as far as the database, where a NUL once answered 500.
 */
const PASSWORD = 'Fuzz-pass-1234'
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/v2/member/register': {
    nama_pelanggan: 'Sari Wulandari',
    password: PASSWORD,
    confirm_password: PASSWORD,
    email: 'sari.fuzz@example.test',
    hp: '081234567001',
    tanggal_lahir: '1995-08-17',
    source: 'WEBSITE',
  },
  'POST /api/v1/member/alamat': {
    penerima: 'Siti Rahma',
    nama_alamat: 'Home',
    hp_penerima: '081234567890',
    alamat_lengkap: 'Jl. Medan Merdeka Barat No. 12, RT 01/RW 02',
    destination_code: '31.71.01',
    kode_pos: '10110',
    priority: 'second',
    id_address_village: '31.71.01.1001',
  },
  'PATCH /api/v1/member/profile': {
    nama: 'Sari Wulandari',
    tanggal_lahir: '1995-08-17',
    gender: 'FEMALE',
    jenis_pekerjaan: ['KARYAWAN'],
    instagram: '@sari',
  },
  'POST /api/v1/member/login': { username: 'sari.fuzz@example.test', password: PASSWORD },
  'POST /api/v1/member/change_password': {
    old_password: PASSWORD,
    new_password: 'Fuzz-pass-5678',
    confirm_new_password: 'Fuzz-pass-5678',
  },
  'POST /api/v1/member/forget': { email: 'sari.fuzz@example.test' },
  'POST /api/admin/v1/auth/login': { email: 'fuzz-owner@example.test', password: 'fuzz owner password 1' },
  'POST /api/v1/orders/checkout_guest': {
    buyer_name: 'Budi Santoso',
    buyer_email: 'budi@example.test',
    buyer_phone: '089999999999',
    penerima: 'Budi Santoso',
    hp_penerima: '081298765432',
    alamat_lengkap: 'Jl. Tanah Abang II No. 7',
    destination_code: '31.71.01',
    id_address_village: '31.71.01.1001',
    kode_pos: '10110',
    id_delivery_method: 3,
    id_payment: 1,
    products: [],
  },
}

/** Control characters every text field must refuse with a 4xx (a NUL reached PostgreSQL once). */
const CONTROL_VALUES = ['\u0000', 'Siti\u0000Rahma', 'a\u0007b', 'x\u001by', '\u007f', 'c\u0085d']

let t: TestApp
let memberToken: (isGuest?: boolean) => Promise<string>
let staffToken: string
let routes: { method: string; url: string; operation: Operation }[]

beforeAll(async () => {
  t = await buildTestApp()
  memberToken = async (isGuest = false) => (await createSignedInMember(t.database.db, { isGuest })).token
  const staff = { email: 'fuzz-owner@example.test', password: 'fuzz owner password 1' }
  await createStaff(t.database.db, { ...staff, name: 'Fuzz Owner', role: 'owner' })
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/v1/auth/login', payload: staff })
  staffToken = (login.json() as { data: { token: string } }).data.token
  // The OpenAPI document the API serves (API_DOCS is on outside production).
  const docs = await t.app.inject({ url: '/api/docs/json' })
  const document = docs.json() as { paths: Record<string, Record<string, Operation>> }
  routes = Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  )
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('no client input makes the API answer 5xx', () => {
  it('knows the routes it fuzzes', () => {
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v2/member/register',
        'POST /api/admin/v1/orders/{sales_order_number}/ship',
      ]),
    )
  })

  it('answers every route below 500 whatever the path, query, body and caller', async () => {
    const failures: string[] = []
    for (const route of routes) {
      const params = (route.operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')
      const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema
      const call = fc.record({
        path: fc.record(
          Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, scalarFor(p.schema)])),
        ),
        query: fc.record(
          Object.fromEntries(
            params.filter((p) => p.in === 'query').map((p) => [p.name, scalarFor(p.schema)]),
          ),
          { requiredKeys: [] },
        ),
        body:
          route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : valueFor(bodySchema),
        caller: fc.constantFrom('member', 'staff', 'nobody'),
        brand: fc.constantFrom('9', '14', '0', 'x'),
      })
      try {
        await fc.assert(
          fc.asyncProperty(call, async ({ path, query, body, caller, brand }) => {
            const url = route.url.replace(/\{(\w+)\}/g, (_, name: string) =>
              encodeURIComponent(path[name] ?? ''),
            )
            const search = new URLSearchParams(query as Record<string, string>).toString()
            const token = caller === 'member' ? await memberToken() : caller === 'staff' ? staffToken : null
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: search ? `${url}?${search}` : url,
              headers: {
                [BRAND_HEADER]: brand,
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            })
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`)
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
      } catch (error) {
        failures.push(
          `${route.method} ${route.url}: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`,
        )
      }
    }
    expect(failures).toEqual([])
  }, 600_000)

  it('refuses control characters in every text field of a valid body with a 4xx, never reaching the database', async () => {
    const failures: string[] = []
    for (const [route, example] of Object.entries(EXAMPLES)) {
      const [method, url] = route.split(' ') as ['POST' | 'PATCH', string]
      const caller = url.startsWith('/api/admin') ? null : await memberToken(url.endsWith('_guest'))
      const textFields = Object.keys(example).filter((field) => typeof example[field] === 'string')
      for (const field of textFields) {
        for (const value of CONTROL_VALUES) {
          const res = await t.app.inject({
            method,
            url,
            headers: { [BRAND_HEADER]: '9', ...(caller ? { authorization: `Bearer ${caller}` } : {}) },
            payload: { ...example, [field]: value },
          })
          if (res.statusCode !== 400 && res.statusCode !== 401 && res.statusCode !== 429)
            failures.push(
              `${route} ${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 160)}`,
            )
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)

  it('survives hostile values in any mix of fields of a valid body', async () => {
    const failures: string[] = []
    for (const [route, example] of Object.entries(EXAMPLES)) {
      const [method, url] = route.split(' ') as ['POST' | 'PATCH', string]
      const fields = Object.keys(example)
      const mutation = fc.record({
        fields: fc.subarray(fields, { minLength: 1, maxLength: Math.min(3, fields.length) }),
        values: fc.array(fc.oneof(hostileString, hostileNumber, anyJson), { minLength: 3, maxLength: 3 }),
        caller: fc.constantFrom('member', 'nobody'),
      })
      try {
        await fc.assert(
          fc.asyncProperty(mutation, async ({ fields: chosen, values, caller }) => {
            const body = { ...example }
            chosen.forEach((field, i) => (body[field] = values[i]))
            const token =
              caller === 'member' && !url.startsWith('/api/admin')
                ? await memberToken(url.endsWith('_guest'))
                : null
            const res = await t.app.inject({
              method,
              url,
              headers: { [BRAND_HEADER]: '9', ...(token ? { authorization: `Bearer ${token}` } : {}) },
              payload: body,
            })
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`)
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE * 3, endOnFailure: true },
        )
      } catch (error) {
        failures.push(`${route}: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`)
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})
