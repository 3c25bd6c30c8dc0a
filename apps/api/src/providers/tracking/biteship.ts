import { z } from 'zod'
import type { TrackingEvent, TrackingProvider, TrackingResult, TrackingStep } from './tracking.ts'

export interface BiteshipTrackingOptions {
  /** The API's origin, https://api.biteship.com (a local fake in tests). */
  url: string
  /** The API key, sent as the Authorization header as Biteship documents it. */
  apiKey: string
}

/**
 * Biteship's `GET /v1/trackings/{waybill_id}/couriers/{courier_code}` answer, the fields we read:
 * `success`, the shipment's `status` and `history` of `note`, `updated_at`, `status` (the docs
 * call all three required; a note may still come null from some couriers).
 */
const TrackingAnswerSchema = z.object({
  success: z.literal(true),
  status: z.string().nullish(),
  history: z.array(
    z.object({ note: z.string().nullish(), updated_at: z.string(), status: z.string().nullish() }),
  ),
})

/** An error answer: `{ success: false, error, code }`. */
const ErrorAnswerSchema = z.object({ error: z.string().optional(), message: z.string().optional() })

/**
 * Biteship's tracking status words (its docs write them snake_case for orders and camelCase for
 * trackings: `dropping_off`, `droppingOff`) → our steps. Before pickup (confirmed, allocated,
 * picking_up) and the exceptions (on_hold, cancelled, rejected, courier_not_found, disposed,
 * return_in_transit) are 'other': the description says what happened.
 */
const STEPS: Record<string, TrackingStep> = {
  picked: 'picked_up',
  in_transit: 'in_transit',
  dropping_off: 'in_transit',
  delivered: 'delivered',
  returned: 'returned',
}

/** 'droppingOff', 'dropping_off', 'DROPPING OFF' → 'dropping_off'. */
export function biteshipStatus(status: unknown): string {
  if (typeof status !== 'string') return ''
  return status
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase()
}

const OUT_FOR_DELIVERY =
  /out for delivery|with delivery courier|on delivery|sedang diantar|dibawa kurir|proses antar/
const AT_HUB =
  /(received at|arrived at|tiba di|diterima di).*(hub|gateway|warehouse|sorting|sortir|agen|gudang|transit)/
const DEPARTED = /depart|forwarded|berangkat|diteruskan|dikirim ke/

/**
 * A history entry's step. `dropping_off` is Biteship's word for the whole way from pickup to the
 * door, so the courier's note decides between travelling, a hub and the last mile. Every hub is a
 * destination hub here; `placeHubs` makes those before the first departure the origin's.
 */
export function biteshipStep(status: unknown, note: string): TrackingStep {
  const step = STEPS[biteshipStatus(status)] ?? 'other'
  if (step !== 'in_transit') return step
  const text = note.toLowerCase()
  if (OUT_FOR_DELIVERY.test(text)) return 'out_for_delivery'
  if (AT_HUB.test(text)) return 'destination_hub'
  return 'in_transit'
}

/** Oldest first: a hub reached before the parcel first departed is the origin's sorting centre. */
function placeHubs(oldestFirst: TrackingEvent[]): TrackingEvent[] {
  let departed = false
  return oldestFirst.map((event) => {
    if (event.step === 'in_transit' && DEPARTED.test(event.description.toLowerCase())) departed = true
    return event.step === 'destination_hub' && !departed ? { ...event, step: 'origin_hub' } : event
  })
}

/**
 * `updated_at` as Biteship sends it: ISO 8601 with an offset ('2026-11-23T18:17:00+07:00') or Z;
 * a time without a zone is Western Indonesian Time, as couriers write it. Null for anything else
 * (Date's own parsing would read '11-12-2026' month first).
 */
export function biteshipTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    value.trim(),
  )
  if (!match) return null
  const zone = match[3] ?? '+07:00'
  const at = new Date(
    `${match[1]}T${match[2]}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`,
  )
  return Number.isNaN(at.getTime()) ? null : at
}

/**
 * Biteship public tracking (issue 10, the aggregator of decision 017): one
 * `GET {url}/v1/trackings/{waybill}/couriers/{courier}` per waybill, whoever booked the parcel.
 * Biteship answers only what has happened, so `now` is not needed. The parcel is delivered when
 * Biteship's status is `delivered`, at the time of the delivered history entry (else of the newest
 * one). A non-2xx answer, `success: false` or a malformed body throws with a short message (never
 * the key); the signal aborts the request.
 */
export function biteshipTracking(options: BiteshipTrackingOptions): TrackingProvider {
  return {
    name: 'biteship',
    async track(request, signal): Promise<TrackingResult> {
      const path = `/v1/trackings/${encodeURIComponent(request.waybill)}/couriers/${encodeURIComponent(request.courier.toLowerCase())}`
      const response = await fetch(`${options.url.replace(/\/+$/, '')}${path}`, {
        method: 'GET',
        signal,
        headers: { authorization: options.apiKey, accept: 'application/json' },
      })
      const body: unknown = await response.json().catch(() => null)
      const parsed = TrackingAnswerSchema.safeParse(body)
      if (!response.ok || !parsed.success) {
        const error = ErrorAnswerSchema.safeParse(body).data
        const reason = error?.error ?? error?.message ?? 'unexpected answer'
        throw new Error(`biteship tracking: ${response.status} ${reason.slice(0, 120)}`)
      }
      const answer = parsed.data

      const events: TrackingEvent[] = []
      for (const entry of answer.history) {
        const at = biteshipTime(entry.updated_at)
        if (!at) throw new Error('biteship tracking: a history entry without a readable updated_at')
        const description = entry.note?.trim() ?? ''
        events.push({ at, description, step: biteshipStep(entry.status, description) })
      }
      // Oldest first to place the hubs, then newest first; a tie keeps Biteship's order, reversed.
      const oldestFirst = events
        .map((event, index) => ({ event, index }))
        .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index)
        .map(({ event }) => event)
      const ordered = placeHubs(oldestFirst).reverse()

      const delivered = biteshipStatus(answer.status) === 'delivered'
      const deliveredEvent = ordered.find((event) => event.step === 'delivered') ?? ordered[0]
      return { delivered, deliveredAt: delivered ? (deliveredEvent?.at ?? null) : null, events: ordered }
    },
  }
}
