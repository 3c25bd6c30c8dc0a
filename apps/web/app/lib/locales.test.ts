import { describe, expect, it } from 'vitest'
import type { Namespace } from './i18n.ts'

/**
 * Pages carry their strings in one language only (no English copy for the fallback): that holds
 * because every language has every key of every namespace, which this checks.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})

function keysOf(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

const byLanguage: Record<string, Record<string, string[]>> = {}
for (const [path, bundle] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!
  ;(byLanguage[lng!] ??= {})[ns!] = keysOf(bundle).sort()
}

// Every Namespace once: `satisfies` fails the typecheck on a missing or unknown name.
const NAMESPACES = {
  account: true,
  addresses: true,
  analytics: true,
  auth: true,
  bundle: true,
  cart: true,
  checkout: true,
  common: true,
  content: true,
  filter: true,
  'filter-overlay': true,
  orders: true,
  product: true,
  returns: true,
  reviews: true,
  wishlist: true,
} satisfies Record<Namespace, true>

describe('locale files', () => {
  it('the Namespace type names exactly the namespaces there are files for', () => {
    expect(Object.keys(byLanguage.en!).sort()).toEqual(Object.keys(NAMESPACES).sort())
  })

  it('every language has the same namespaces and every key of each', () => {
    const [english, ...others] = [
      byLanguage.en!,
      ...Object.entries(byLanguage)
        .filter(([lng]) => lng !== 'en')
        .map(([, v]) => v),
    ]
    expect(others.length).toBeGreaterThan(0)
    for (const other of others) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort())
      for (const ns of Object.keys(english)) expect(other[ns], ns).toEqual(english[ns])
    }
  })
})
