import { describe, expect, it } from 'vitest'
import { courierName, sandboxJourney, sandboxTracking } from './sandbox.ts'
import type { TrackingRequest } from './tracking.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const WIB = 7 * HOUR

// Shipped Monday 23 November 2026, 14:30 WIB.
const shippedAt = new Date('2026-11-23T14:30:00+07:00')
const request: TrackingRequest = {
  waybill: 'JNE0012345678',
  courier: 'jne',
  shippedAt,
  etdMin: 2,
  etdMax: 3,
  originCity: 'Jakarta Pusat',
  destinationCity: 'Kota Denpasar',
  destinationDistrict: 'Denpasar Barat',
  language: 'en',
}
const signal = () => new AbortController().signal
const provider = sandboxTracking()
const track = (overrides: Partial<TrackingRequest>, now: number) =>
  provider.track({ ...request, ...overrides }, signal(), now)

/** The WIB calendar day of an instant, as a day number. */
const wibDayOf = (at: Date) => Math.floor((at.getTime() + WIB) / DAY)
const wibHourOf = (at: Date) => ((at.getTime() + WIB) % DAY) / HOUR

describe('sandboxTracking', () => {
  it('answers the same timeline for the same waybill and shipping time', async () => {
    const now = shippedAt.getTime() + 2 * DAY
    const first = await track({}, now)
    const again = await sandboxTracking().track({ ...request }, signal(), now)
    expect(again).toEqual(first)
    expect(first.events.length).toBeGreaterThan(2)
  })

  it('lists the steps newest first, in the order a parcel travels', async () => {
    const { events, delivered } = await track({}, shippedAt.getTime() + 10 * DAY)
    expect(delivered).toBe(true)
    expect(events.map((e) => e.step)).toEqual([
      'delivered',
      'out_for_delivery',
      'destination_hub',
      'in_transit',
      'origin_hub',
      'picked_up',
    ])
    const times = events.map((e) => e.at.getTime())
    times.slice(1).forEach((time, i) => expect(times[i]).toBeGreaterThan(time))
    expect(events.at(-1)!.at.getTime()).toBeGreaterThanOrEqual(shippedAt.getTime() + HOUR)
    expect(events.at(-1)!.at.getTime()).toBeLessThanOrEqual(shippedAt.getTime() + 3 * HOUR)
  })

  it('answers nothing that happens after now, and not delivered before it is', async () => {
    const journey = sandboxJourney(request)
    for (const event of journey) {
      const before = await track({}, event.at.getTime() - 1)
      const at = await track({}, event.at.getTime())
      expect(at.events.length).toBe(before.events.length + 1)
      expect(at.events[0]).toEqual(event)
      expect(before.events.every((e) => e.at.getTime() < event.at.getTime())).toBe(true)
    }
    const eve = await track({}, journey.at(-1)!.at.getTime() - 1)
    expect(eve).toMatchObject({ delivered: false, deliveredAt: null })
  })

  it('answers at most the pickup for a parcel that has only just left', async () => {
    expect((await track({}, shippedAt.getTime())).events).toEqual([])
    expect((await track({}, shippedAt.getTime() + 30 * 60_000)).events).toEqual([])
    const soon = await track({}, shippedAt.getTime() + 3 * HOUR)
    expect(soon.events.map((e) => e.step)).toEqual(['picked_up'])
    expect(soon.delivered).toBe(false)
  })

  it('delivers in daytime on a day within the promised days, for many waybills and services', async () => {
    const services: [number, number][] = [
      [1, 1],
      [1, 2],
      [2, 3],
      [3, 5],
      [0, 1],
    ]
    const shippingTimes = ['08:05', '14:30', '19:45', '23:50'].map(
      (t) => new Date(`2026-11-23T${t}:00+07:00`),
    )
    for (const [etdMin, etdMax] of services) {
      for (const shipped of shippingTimes) {
        for (let n = 0; n < 12; n++) {
          const overrides = { waybill: `SICEPAT${n}${etdMin}${etdMax}`, shippedAt: shipped, etdMin, etdMax }
          const result = await track(overrides, shipped.getTime() + (etdMax + 1) * DAY)
          expect(result.delivered).toBe(true)
          const deliveredAt = result.deliveredAt!
          expect(deliveredAt).toEqual(result.events[0]?.at)
          const days = wibDayOf(deliveredAt) - wibDayOf(shipped)
          expect(days).toBeGreaterThanOrEqual(Math.max(1, etdMin))
          expect(days).toBeLessThanOrEqual(etdMax)
          expect(wibHourOf(deliveredAt)).toBeGreaterThanOrEqual(8)
          expect(wibHourOf(deliveredAt)).toBeLessThanOrEqual(20)
          const outForDelivery = result.events[1]!
          expect(outForDelivery.step).toBe('out_for_delivery')
          expect(wibDayOf(outForDelivery.at)).toBe(wibDayOf(deliveredAt))
          expect(wibHourOf(outForDelivery.at)).toBeGreaterThanOrEqual(7)
          expect(wibHourOf(outForDelivery.at)).toBeLessThanOrEqual(9)
          const times = result.events.map((e) => e.at.getTime())
          expect([...times].sort((a, b) => b - a)).toEqual(times)
          expect(new Set(times).size).toBe(times.length)
        }
      }
    }
  })

  it('gives each waybill its own times', async () => {
    const now = shippedAt.getTime() + 10 * DAY
    const times = async (waybill: string) =>
      (await track({ waybill }, now)).events.map((e) => e.at.getTime()).join(',')
    const all = await Promise.all(['JNE0012345678', 'JNE0012345679', 'JP1234567890', 'SCP0001'].map(times))
    expect(new Set(all).size).toBe(4)
  })

  it('writes the timeline in English or Indonesian with the courier, cities and district', async () => {
    const now = shippedAt.getTime() + 10 * DAY
    const en = await track({}, now)
    expect(en.events.at(-1)!.description).toBe('Parcel picked up by JNE courier in Jakarta Pusat')
    expect(en.events[1]!.description).toContain('Denpasar Barat')
    expect(en.events[0]!.description).toMatch(/delivered/i)
    const id = await track({ language: 'id', courier: 'jnt' }, now)
    expect(id.events.at(-1)!.description).toBe('Paket telah diambil oleh kurir J&T di Jakarta Pusat')
    expect(id.events.find((e) => e.step === 'in_transit')!.description).toBe(
      'Paket diberangkatkan dari Jakarta Pusat menuju Kota Denpasar',
    )
    expect(id.events[0]!.description).toBe('Paket telah diterima oleh penerima')
    // The language changes the words, never the times.
    expect(id.events.map((e) => e.at)).toEqual(en.events.map((e) => e.at))
  })

  it('names the couriers as they write themselves', () => {
    expect(['jne', 'jnt', 'sicepat', 'anteraja', 'pos'].map(courierName)).toEqual([
      'JNE',
      'J&T',
      'SiCepat',
      'AnterAja',
      'POS',
    ])
  })

  it('sends a RETUR waybill back to the sender instead of delivering it', async () => {
    const result = await track({ waybill: 'RETUR-0001' }, shippedAt.getTime() + 30 * DAY)
    expect(result).toMatchObject({ delivered: false, deliveredAt: null })
    expect(result.events.map((e) => e.step).slice(0, 3)).toEqual(['returned', 'other', 'out_for_delivery'])
  })

  it('refuses to answer once the caller gave up', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(provider.track(request, controller.signal, Date.now())).rejects.toThrow()
  })
})
