import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { biteshipStatus, biteshipTime, biteshipTracking } from './biteship.ts'
import type { TrackingRequest } from './tracking.ts'

/**
 * The Biteship tracking adapter against a local fake speaking Biteship's documented public
 * tracking format (GET /v1/trackings/:waybill_id/couriers/:courier_code with the key as the
 * Authorization header; answer success, object 'tracking', waybill_id, courier, history[] of note,
 * updated_at, status, and the shipment's status).
 */
const API_KEY = 'biteship_test.tracking-key'
let server: Server
let url = ''
let reply: (req: IncomingMessage) => { status: number; body: unknown } | 'hang'
const received: IncomingMessage[] = []

const request: TrackingRequest = {
  waybill: 'JNE0012345678',
  courier: 'jne',
  shippedAt: new Date('2026-11-20T10:00:00+07:00'),
  etdMin: 2,
  etdMax: 3,
  originCity: 'Jakarta Pusat',
  destinationCity: 'Kota Denpasar',
  destinationDistrict: 'Denpasar Barat',
  language: 'id',
}

const entry = (status: string, updatedAt: string, note: string) => ({
  note,
  service_type: 'reg',
  status,
  updated_at: updatedAt,
})

/** A realistic answer for a JNE REG parcel, Jakarta to Denpasar, history oldest first. */
const tracking = (status: string, history: ReturnType<typeof entry>[]) => ({
  success: true,
  messsage: 'Successfully get tracking info',
  object: 'tracking',
  id: '6051861741a37414e6637fab',
  waybill_id: request.waybill,
  courier: { company: 'jne', driver_name: null, driver_phone: null, driver_photo_url: null },
  origin: { contact_name: null, address: null },
  destination: { contact_name: 'Ayu Lestari', address: null },
  history,
  link: null,
  order_id: null,
  status,
})

const journey = [
  entry('confirmed', '2026-11-20T10:02:00+07:00', 'Shipment manifested [JAKARTA]'),
  entry('picked', '2026-11-20T12:41:00+07:00', 'Shipment picked up by courier [JAKARTA]'),
  entry('dropping_off', '2026-11-20T18:05:00+07:00', 'Received at sorting center [JAKARTA]'),
  entry('dropping_off', '2026-11-20T23:30:00+07:00', 'Departed from transit [JAKARTA]'),
  entry('droppingOff', '2026-11-21T22:14:00Z', 'Received at warehouse [DENPASAR]'),
  entry('dropping_off', '2026-11-22 08:10:00', 'With delivery courier [DENPASAR BARAT]'),
]

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req)
    const answer = reply(req)
    if (answer === 'hang') return
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

const provider = () => biteshipTracking({ url, apiKey: API_KEY })
const signal = () => new AbortController().signal

describe('biteshipTracking', () => {
  it('asks by waybill and courier with the key and maps a delivered parcel, newest first', async () => {
    reply = (req) =>
      req.url === '/v1/trackings/JNE0012345678/couriers/jne' && req.headers.authorization === API_KEY
        ? {
            status: 200,
            body: tracking('delivered', [
              ...journey,
              entry('delivered', '2026-11-22T13:47:00+07:00', 'Delivered to AYU LESTARI | 22-11-2026 13:47'),
            ]),
          }
        : { status: 404, body: { success: false, error: 'Not found', code: 40400001 } }
    const result = await provider().track(request, signal())
    expect(received.at(-1)!.method).toBe('GET')
    expect(result.delivered).toBe(true)
    expect(result.deliveredAt).toEqual(new Date('2026-11-22T06:47:00Z'))
    expect(result.events.map((e) => [e.at.toISOString(), e.step])).toEqual([
      ['2026-11-22T06:47:00.000Z', 'delivered'],
      ['2026-11-22T01:10:00.000Z', 'out_for_delivery'],
      ['2026-11-21T22:14:00.000Z', 'destination_hub'],
      ['2026-11-20T16:30:00.000Z', 'in_transit'],
      ['2026-11-20T11:05:00.000Z', 'origin_hub'],
      ['2026-11-20T05:41:00.000Z', 'picked_up'],
      ['2026-11-20T03:02:00.000Z', 'other'],
    ])
    expect(result.events[0]!.description).toBe('Delivered to AYU LESTARI | 22-11-2026 13:47')
    expect(result.events.at(-1)!.description).toBe('Shipment manifested [JAKARTA]')
  })

  it('reports a parcel on its way as not delivered, whatever order the history comes in', async () => {
    reply = () => ({ status: 200, body: tracking('dropping_off', [...journey].reverse()) })
    const result = await provider().track(request, signal())
    expect(result).toMatchObject({ delivered: false, deliveredAt: null })
    expect(result.events.map((e) => e.step)).toEqual([
      'out_for_delivery',
      'destination_hub',
      'in_transit',
      'origin_hub',
      'picked_up',
      'other',
    ])
    const times = result.events.map((e) => e.at.getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('answers a returned parcel and one Biteship does not know yet', async () => {
    reply = () => ({
      status: 200,
      body: tracking('returned', [
        ...journey.slice(0, 3),
        entry('return_in_transit', '2026-11-24T09:00:00+07:00', 'Return to shipper in process'),
        entry('returned', '2026-11-26T15:00:00+07:00', 'Returned to shipper [JAKARTA]'),
      ]),
    })
    const returned = await provider().track(request, signal())
    expect(returned).toMatchObject({ delivered: false, deliveredAt: null })
    expect(returned.events.slice(0, 2).map((e) => e.step)).toEqual(['returned', 'other'])

    reply = () => ({ status: 200, body: tracking('confirmed', []) })
    expect(await provider().track(request, signal())).toEqual({
      delivered: false,
      deliveredAt: null,
      events: [],
    })
  })

  it('encodes the waybill and the courier into the path', async () => {
    reply = () => ({ status: 200, body: tracking('confirmed', []) })
    await provider().track({ ...request, waybill: 'JP 12/34?x=1#a', courier: 'JNT' }, signal())
    expect(received.at(-1)!.url).toBe('/v1/trackings/JP%2012%2F34%3Fx%3D1%23a/couriers/jnt')
  })

  it('throws on an error answer, success false, a body that is not JSON or a malformed one', async () => {
    const answers = [
      { status: 400, body: { success: false, error: 'Invalid waybill id', code: 40002001 } },
      { status: 401, body: { success: false, error: 'Authorization failed', code: 40101001 } },
      { status: 200, body: { success: false, error: 'Waybill not found' } },
      { status: 502, body: '<html>Bad gateway</html>' },
      { status: 200, body: { success: true, status: 'delivered' } },
      { status: 200, body: tracking('delivered', [entry('delivered', 'yesterday', 'Delivered')]) },
    ]
    for (const answer of answers) {
      reply = () => answer
      const error = await provider()
        .track(request, signal())
        .catch((failure: unknown) => failure)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toMatch(/^biteship tracking: /)
      expect((error as Error).message).not.toContain(API_KEY)
    }
  })

  it('stops when the signal aborts (the timeout)', async () => {
    reply = () => 'hang'
    const started = Date.now()
    await expect(provider().track(request, AbortSignal.timeout(100))).rejects.toThrow(/abort|timeout/i)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('reads status words and times as Biteship writes them', () => {
    expect(['droppingOff', 'dropping_off', 'PICKING UP', 'returnInTransit', 42].map(biteshipStatus)).toEqual([
      'dropping_off',
      'dropping_off',
      'picking_up',
      'return_in_transit',
      '',
    ])
    expect(biteshipTime('2026-11-22T13:47:00+07:00')).toEqual(new Date('2026-11-22T06:47:00Z'))
    expect(biteshipTime('2026-11-22T06:47:00.000Z')).toEqual(new Date('2026-11-22T06:47:00Z'))
    expect(biteshipTime('2026-11-22 13:47')).toEqual(new Date('2026-11-22T06:47:00Z'))
    expect(biteshipTime('2026-11-22T13:47:00+0700')).toEqual(new Date('2026-11-22T06:47:00Z'))
    expect(biteshipTime('22-11-2026 13:47')).toBeNull()
    expect(biteshipTime('Sunday')).toBeNull()
    expect(biteshipTime(null)).toBeNull()
  })
})
