import { createHash } from 'node:crypto'
import type {
  TrackingEvent,
  TrackingProvider,
  TrackingRequest,
  TrackingResult,
  TrackingStep,
} from './tracking.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Couriers count days and work hours in Western Indonesian Time (UTC+7), where the warehouse is. */
const WIB = 7 * HOUR

/** How couriers write their own names on their tracking pages. */
const COURIER_NAMES: Record<string, string> = {
  jne: 'JNE',
  jnt: 'J&T',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
}

/** 'jnt' → 'J&T'; a courier we do not know by its code in capitals. */
export function courierName(code: string): string {
  return COURIER_NAMES[code.toLowerCase()] ?? code.toUpperCase()
}

/**
 * Numbers in [0, 1) drawn from the waybill (up to 16 of them, two hash bytes each): the same
 * waybill always gets the same journey, another waybill another one.
 */
function jitterOf(waybill: string): (index: number) => number {
  const hash = createHash('sha256').update(`tracking:${waybill}`).digest()
  return (index) => hash.readUInt16BE(index * 2) / 65_536
}

/** The instant of `hour` o'clock WIB on the WIB day `days` after the one `at` falls on. */
function wibDay(at: number, days: number, hour: number): number {
  const midnight = Math.floor((at + WIB) / DAY) * DAY - WIB
  return midnight + days * DAY + hour * HOUR
}

const toMinute = (at: number) => Math.round(at / MINUTE) * MINUTE

type Texts = Record<TrackingStep | 'failed_attempt', string>

function texts(request: TrackingRequest): Texts {
  const courier = courierName(request.courier)
  const { originCity: origin, destinationCity: destination, destinationDistrict: district } = request
  return request.language === 'id'
    ? {
        picked_up: `Paket telah diambil oleh kurir ${courier} di ${origin}`,
        origin_hub: `Paket tiba di pusat sortir ${courier} ${origin}`,
        in_transit: `Paket diberangkatkan dari ${origin} menuju ${destination}`,
        destination_hub: `Paket tiba di hub ${courier} ${destination}`,
        out_for_delivery: `Paket sedang diantar oleh kurir ke ${district}, ${destination}`,
        delivered: 'Paket telah diterima oleh penerima',
        failed_attempt: 'Pengantaran gagal: penerima tidak ada di alamat',
        returned: `Paket telah dikembalikan ke pengirim di ${origin}`,
        other: 'Status paket diperbarui',
      }
    : {
        picked_up: `Parcel picked up by ${courier} courier in ${origin}`,
        origin_hub: `Parcel arrived at the ${courier} sorting centre in ${origin}`,
        in_transit: `Parcel departed ${origin} for ${destination}`,
        destination_hub: `Parcel arrived at the ${courier} hub in ${destination}`,
        out_for_delivery: `Parcel out for delivery to ${district}, ${destination}`,
        delivered: 'Parcel delivered, received by the recipient',
        failed_attempt: 'Delivery attempt failed: the recipient was not at the address',
        returned: `Parcel returned to the sender in ${origin}`,
        other: 'Parcel status updated',
      }
}

/**
 * The whole journey of a waybill, oldest first, whether it has happened yet or not. Delivery is on
 * a WIB calendar day etdMin..etdMax days after the shipping day (at least the next day: a parcel
 * that leaves in the evening is not delivered that night), between 08:00 and 20:00 WIB; out for
 * delivery is that morning (07:00–09:00); pickup is 1–3 hours after shipping; the hubs and the
 * departure sit in between, each a fraction of the time left so the steps can never cross.
 */
export function sandboxJourney(request: TrackingRequest): TrackingEvent[] {
  const jitter = jitterOf(request.waybill)
  const text = texts(request)
  const shipped = request.shippedAt.getTime()
  const etdMin = Math.max(1, Math.floor(request.etdMin))
  const etdMax = Math.max(etdMin, Math.floor(request.etdMax))
  const days = Math.min(etdMax, etdMin + Math.floor(jitter(0) * (etdMax - etdMin + 1)))

  const pickedUp = toMinute(shipped + HOUR + jitter(1) * 2 * HOUR)
  const outForDelivery = toMinute(wibDay(shipped, days, 7) + jitter(2) * 2 * HOUR)
  const deliveryEnd = wibDay(shipped, days, 20)
  const delivered = toMinute(outForDelivery + HOUR + jitter(3) * (deliveryEnd - outForDelivery - HOUR))
  // At least four hours (pickup by 03:00, out for delivery from 07:00), so minutes never collide.
  const span = outForDelivery - pickedUp
  const originHub = toMinute(pickedUp + Math.min(2 * HOUR + jitter(4) * 3 * HOUR, span * 0.15))
  const departed = toMinute(originHub + Math.min(2 * HOUR + jitter(5) * 6 * HOUR, span * 0.15))
  const destinationHub = toMinute(outForDelivery - Math.min(6 * HOUR + jitter(6) * 10 * HOUR, span * 0.3))

  const journey: TrackingEvent[] = [
    { at: new Date(pickedUp), step: 'picked_up', description: text.picked_up },
    { at: new Date(originHub), step: 'origin_hub', description: text.origin_hub },
    { at: new Date(departed), step: 'in_transit', description: text.in_transit },
    { at: new Date(destinationHub), step: 'destination_hub', description: text.destination_hub },
    { at: new Date(outForDelivery), step: 'out_for_delivery', description: text.out_for_delivery },
  ]
  // A waybill starting RETUR plays the unhappy path: nobody home, back to the sender days later.
  if (request.waybill.toUpperCase().startsWith('RETUR')) {
    journey.push(
      { at: new Date(delivered), step: 'other', description: text.failed_attempt },
      {
        at: new Date(toMinute(wibDay(delivered, days, 10) + jitter(7) * 8 * HOUR)),
        step: 'returned',
        description: text.returned,
      },
    )
  } else {
    journey.push({ at: new Date(delivered), step: 'delivered', description: text.delivered })
  }
  return journey
}

/**
 * The sandbox provider (TRACKING_PROVIDER=sandbox, the default): a believable courier timeline made
 * from the shipping time and the service's promised days, deterministic for a waybill and shipping
 * time, with no network and no state. Only what has happened by `now` is answered, newest first, so
 * an order moves along (and is reported delivered) as time passes, like a real parcel.
 */
export function sandboxTracking(): TrackingProvider {
  return {
    name: 'sandbox',
    async track(request, signal, now = Date.now()): Promise<TrackingResult> {
      signal.throwIfAborted()
      const events = sandboxJourney(request)
        .filter((event) => event.at.getTime() <= now)
        .reverse()
      const delivered = events.find((event) => event.step === 'delivered')
      return { delivered: delivered !== undefined, deliveredAt: delivered?.at ?? null, events }
    },
  }
}
