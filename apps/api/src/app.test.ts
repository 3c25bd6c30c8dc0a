import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())

describe('the API shell', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('rejects a versioned call without a brand id header with a 400 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/home' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 400, code: 'REQ002', data: null })
    expect(res.json().message).toMatch(/brand id header/)
  })

  it('rejects a brand id outside the group', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/home', headers: { 'x-brand-id': '7' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('REQ002')
  })

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'x-brand-id': '9' } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 404, code: 'REQ003', data: null })
  })

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(res.json().openapi).toMatch(/^3\./)
  })

  it('echoes a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abcdef123456' } })
    expect(res.headers['x-request-id']).toBe('abcdef123456')
  })
})
