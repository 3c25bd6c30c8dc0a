import { describe, expect, it } from 'vitest'

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

describe('locale files', () => {
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
