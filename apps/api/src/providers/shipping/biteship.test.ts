import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { biteshipDays, biteshipShipping } from './biteship.ts'
import type { ShippingQuoteRequest } from './shipping.ts'

/**
 * The Biteship adapter against a local fake speaking Biteship's documented rates format
 * (POST /v1/rates/couriers: origin/destination_postal_code, couriers, items; answer success,
 * pricing[] of courier_code, courier_service_code, price, shipment_duration_range/unit).
 */
let t: TestApp
let server: Server
let url = ''
let reply: (body: Record<string, unknown>) => { status: number; body: unknown } | 'hang'
const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = []

const pricing = (courier: string, service: string, price: number, range = '2 - 3', unit = 'days') => ({
  courier_code: courier,
  courier_service_code: service,
  courier_name: courier.toUpperCase(),
  courier_service_name: service,
  price,
  shipment_duration_range: range,
  shipment_duration_unit: unit,
})

const request: ShippingQuoteRequest = {
  origin: { warehouseId: 1, cityId: '31.71' },
  destination: { districtId: '51.71.01', cityId: '51.71', provinceId: '51', postalCode: '80222' },
  weightGrams: 1200,
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await seedShippingRates(t.database.db)
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      received.push({ headers: req.headers, body })
      const answer = reply(body)
      if (answer === 'hang') return
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
})

const provider = () =>
  biteshipShipping(t.database.db, { url, apiKey: 'biteship_test.key', originPostalCode: '10110' })

describe('biteshipShipping', () => {
  it('asks postal code to postal code with the weight and maps services to ours by code', async () => {
    reply = () => ({
      status: 200,
      body: {
        success: true,
        object: 'courier_pricing',
        pricing: [
          pricing('jne', 'yes', 44_000, '1 - 1'),
          pricing('jne', 'reg', 24_000),
          pricing('jnt', 'ez', 23_000),
          pricing('sicepat', 'best', 38_000, '1 - 1'),
          pricing('gojek', 'instant', 90_000, '1 - 3', 'hours'),
        ],
      },
    })
    const quotes = await provider().quote(request, new AbortController().signal)
    const sent = received.at(-1)!
    expect(sent.headers.authorization).toBe('biteship_test.key')
    expect(sent.body).toMatchObject({
      origin_postal_code: 10110,
      destination_postal_code: 80222,
      couriers: 'jne,jnt,sicepat,anteraja',
      items: [{ weight: 1200, quantity: 1 }],
    })
    expect(quotes.map((q) => [q.id, q.provider, q.name, q.tarif, q.packingFee, q.etdMin, q.etdMax])).toEqual([
      [3, 'J&T', 'EZ', 23_000, 0, 2, 3],
      [1, 'JNE', 'REG', 24_000, 0, 2, 3],
      [5, 'SiCepat', 'BEST', 38_000, 2000, 1, 1],
      [2, 'JNE', 'YES', 44_000, 2000, 1, 1],
    ])
  })

  it('answers no quote when Biteship prices no service of ours', async () => {
    reply = () => ({ status: 200, body: { success: true, pricing: [] } })
    expect(await provider().quote(request, new AbortController().signal)).toEqual([])
  })

  it('throws on an error answer, success false or a body that is not JSON', async () => {
    for (const answer of [
      { status: 400, body: { success: false, error: 'Invalid destination postal code', code: 40001001 } },
      { status: 200, body: { success: false, error: 'No courier available' } },
      { status: 502, body: '<html>Bad gateway</html>' },
    ]) {
      reply = () => answer
      await expect(provider().quote(request, new AbortController().signal)).rejects.toThrow(/biteship/)
    }
  })

  it('stops when the signal aborts (the timeout)', async () => {
    reply = () => 'hang'
    const controller = new AbortController()
    const pending = provider().quote(request, controller.signal)
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toThrow()
  })

  it('reads durations in days or hours', () => {
    expect(biteshipDays('2 - 3', 'days')).toEqual([2, 3])
    expect(biteshipDays('1', 'days')).toEqual([1, 1])
    expect(biteshipDays('1 - 3', 'hours')).toEqual([1, 1])
    expect(biteshipDays(undefined, 'days')).toBeNull()
  })
})

describe('the app with SHIPPING_PROVIDER=biteship', () => {
  it('refuses to start without BITESHIP_API_KEY', async () => {
    const { parseConfig } = await import('../../config.ts')
    expect(() => parseConfig({ SHIPPING_PROVIDER: 'biteship' })).toThrow(/BITESHIP_API_KEY/)
    expect(parseConfig({ SHIPPING_PROVIDER: 'biteship', BITESHIP_API_KEY: 'k' }).BITESHIP_URL).toBe(
      'https://api.biteship.com',
    )
  })
})
