/** The steps of a parcel's journey as couriers report them; 'other' for anything else. */
export type TrackingStep =
  | 'picked_up'
  | 'origin_hub'
  | 'in_transit'
  | 'destination_hub'
  | 'out_for_delivery'
  | 'delivered'
  | 'returned'
  | 'other'

/** Which parcel to follow, and what the shop knows of it. */
export interface TrackingRequest {
  /** The waybill (no_resi) as staff entered it. */
  waybill: string
  /** The courier's code as in courier_services.code before the colon: 'jne', 'jnt', 'sicepat', 'anteraja'. */
  courier: string
  /** When staff entered the waybill (the parcel left the warehouse). */
  shippedAt: Date
  /** The ordered service's promised days (courier_services etd). */
  etdMin: number
  etdMax: number
  /** Where it leaves from and goes to (city names as on the order), for the sandbox's hubs. */
  originCity: string
  destinationCity: string
  destinationDistrict: string
  /** The language of the descriptions where the provider lets us choose (the sandbox does). */
  language: 'en' | 'id'
}

export interface TrackingEvent {
  at: Date
  description: string
  step: TrackingStep
}

export interface TrackingResult {
  /** The courier reports the parcel delivered. */
  delivered: boolean
  /** When (the delivered event's time); null before. */
  deliveredAt: Date | null
  /** The timeline, newest first; only what has happened by `now`. */
  events: TrackingEvent[]
}

/**
 * Follows a parcel (issue 10). Adapters: `sandbox` (default, offline: a believable timeline made
 * from the shipping time, deterministic for a waybill) and `biteship` (the aggregator of decision
 * 017: its public tracking by waybill and courier). A failure throws; the caller answers 503
 * TRK001. The signal aborts a call that ran past its time.
 */
export interface TrackingProvider {
  readonly name: string
  track(request: TrackingRequest, signal: AbortSignal, now?: number): Promise<TrackingResult>
}
