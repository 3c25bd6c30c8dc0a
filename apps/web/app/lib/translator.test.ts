import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { Translator } from './translator.ts'
import en from '~/locales/en/common.json'
import id from '~/locales/id/common.json'

/** Every leaf key of a bundle ('a.b.c'). */
function keysOf(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

const globbed = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})
const resources: Record<string, Record<string, Record<string, unknown>>> = {}
for (const [path, bundle] of Object.entries(globbed)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!
  ;(resources[lng!] ??= {})[ns!] = bundle
}

async function pair(lng: string) {
  const reference = i18next.createInstance()
  await reference.init({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'id'],
    resources,
    ns: Object.keys(resources.en!),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  const ours = new Translator({ lng, fallbackLng: 'en', defaultNS: 'common', resources })
  return { reference, ours }
}

const vars = { query: 'batik', count: 3, brand: 'Prepps', year: 2026, n: 2, size: 'M', name: 'Kaos', max: 5 }

describe('Translator', () => {
  it.each(['en', 'id'])('renders every string of every namespace like i18next (%s)', async (lng) => {
    const { reference, ours } = await pair(lng)
    for (const ns of Object.keys(resources.en!)) {
      for (const key of keysOf(resources.en![ns]!)) {
        expect(ours.t(`${ns}:${key}`, vars), `${ns}:${key}`).toBe(reference.t(`${ns}:${key}`, vars))
        expect(ours.t(`${ns}:${key}`), `${ns}:${key} without values`).toBe(reference.t(`${ns}:${key}`))
      }
    }
  })

  it('falls back to English, then to defaultValue, then to the key', async () => {
    const ours = new Translator({
      lng: 'id',
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: { en: { common: en }, id: { common: { ...id, common: { profile: 'Profil' } } } },
    })
    expect(ours.t('common.profile')).toBe('Profil')
    expect(ours.t('common.loading')).toBe('Loading')
    expect(ours.t('missing.key', { defaultValue: 'Hi {{name}}', name: 'Ana' })).toBe('Hi Ana')
    expect(ours.t('missing.key')).toBe('missing.key')
    expect(ours.getFixedT(null, 'common', 'search')('showingResult', { query: 'x' })).toBe(
      'Menampilkan hasil untuk "x"',
    )
  })

  it('switches language after loading the new language of every namespace in use, and tells subscribers', async () => {
    const loaded: string[] = []
    const ours = new Translator({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: { en: { common: en, product: resources.en!.product! } },
      load: async (lng, ns) => {
        loaded.push(`${lng}:${ns}`)
        return resources[lng]![ns]!
      },
    })
    let calls = 0
    ours.subscribe(() => calls++)
    expect(ours.hasNamespace('id', 'common')).toBe(false)
    const switching = ours.changeLanguage('id')
    expect(ours.language).toBe('en') // nothing switches before the strings are in
    await switching
    expect(loaded.sort()).toEqual(['id:common', 'id:product'])
    expect(ours.language).toBe('id')
    expect(calls).toBeGreaterThan(0)
    expect(ours.t('common.logout')).toBe('Keluar')
    expect(ours.languages).toEqual(['id', 'en'])
  })

  it('loads a missing namespace once, however often it is asked for', async () => {
    let loads = 0
    const ours = new Translator({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      load: async (lng, ns) => {
        loads++
        return resources[lng]![ns]!
      },
    })
    const first = ours.ready('en', 'cart')
    expect(first).not.toHaveProperty('status')
    expect(ours.ready('en', 'cart')).toBe(first) // React's `use` needs the same promise
    await Promise.all([first, ours.loadNamespaces('en', ['cart'])])
    expect(loads).toBe(1)
    expect(ours.ready('en', 'cart')).toHaveProperty('status', 'fulfilled')
    expect(ours.t('cart:title')).not.toBe('title')
  })

  it('without a loader, a missing namespace stays missing and nothing waits for it', () => {
    const ours = new Translator({ lng: 'en', fallbackLng: 'en', defaultNS: 'common' })
    expect(ours.canLoad).toBe(false)
    expect(ours.ready('en', 'cart')).toHaveProperty('status', 'fulfilled')
    expect(ours.t('cart:title')).toBe('cart:title')
  })
})
