import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { createTracking } from './index.ts'

describe('createTracking', () => {
  it('follows parcels in the sandbox unless TRACKING_PROVIDER says biteship', () => {
    expect(createTracking(parseConfig({})).name).toBe('sandbox')
    expect(
      createTracking(parseConfig({ TRACKING_PROVIDER: 'biteship', BITESHIP_API_KEY: 'biteship_test.k' }))
        .name,
    ).toBe('biteship')
  })

  it('refuses to start with biteship tracking and no key', () => {
    expect(() => parseConfig({ TRACKING_PROVIDER: 'biteship' })).toThrow(/BITESHIP_API_KEY/)
  })
})
