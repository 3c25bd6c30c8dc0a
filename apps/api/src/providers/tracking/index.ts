import type { Config } from '../../config.ts'
import { biteshipTracking } from './biteship.ts'
import { sandboxTracking } from './sandbox.ts'
import type { TrackingProvider } from './tracking.ts'

export type {
  TrackingEvent,
  TrackingProvider,
  TrackingRequest,
  TrackingResult,
  TrackingStep,
} from './tracking.ts'

/** The tracking adapter chosen by TRACKING_PROVIDER (issue 10; config.ts checked the key at start). */
export function createTracking(
  config: Pick<Config, 'TRACKING_PROVIDER' | 'BITESHIP_URL' | 'BITESHIP_API_KEY'>,
): TrackingProvider {
  switch (config.TRACKING_PROVIDER) {
    case 'biteship':
      return biteshipTracking({ url: config.BITESHIP_URL, apiKey: config.BITESHIP_API_KEY ?? '' })
    case 'sandbox':
      return sandboxTracking()
  }
}
