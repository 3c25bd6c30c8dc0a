// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseConfig } from './storefront-config.ts'

describe("the storefront's configuration", () => {
  it('has working defaults over the shared ones, and is frozen', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({ PORT: 3000, BRAND_ID: 9, CAMPAIGN_BRAND_ID: 9, NODE_ENV: 'development' })
    expect([config.GA4_ID, config.META_PIXEL_ID, config.GTM_ID, config.API_URL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(config.ANALYTICS_ORIGINS).toEqual([])
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('names every bad variable at once, its own and the shared ones', () => {
    expect(() => parseConfig({ PORT: 'abc', BRAND_ID: '7' })).toThrow(
      /PORT[\s\S]*BRAND_ID: must be one of 9, 5, 14, 18, 13, 17/,
    )
  })

  it('takes an API_URL for the storefront alone, without a trailing slash', () => {
    expect(parseConfig({}).API_URL).toBeUndefined()
    expect(parseConfig({ API_URL: 'http://10.0.0.5:4000/' }).API_URL).toBe('http://10.0.0.5:4000')
    expect(() => parseConfig({ API_URL: 'ftp://x' })).toThrow(/API_URL/)
  })

  it('refuses analytics ids that are not the vendor’s shape', () => {
    for (const [name, value] of [
      ['GA4_ID', 'UA-1234-1'],
      ['GA4_ID', "G-X'; script-src *"],
      ['META_PIXEL_ID', 'abc'],
      ['GTM_ID', 'G-ABC123'],
    ] as const) {
      expect(() => parseConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name))
    }
    const config = parseConfig({ GA4_ID: '', META_PIXEL_ID: '', GTM_ID: '' })
    expect([config.GA4_ID, config.META_PIXEL_ID, config.GTM_ID]).toEqual([undefined, undefined, undefined])
  })

  it('refuses analytics origins that are not plain https origins', () => {
    for (const value of [
      'http://t.example',
      'https://t.example/path',
      "https://t.example 'unsafe-inline'",
      '*',
    ]) {
      expect(() => parseConfig({ ANALYTICS_ORIGINS: value }), value).toThrow(/ANALYTICS_ORIGINS/)
    }
  })
})
