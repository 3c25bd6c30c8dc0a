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
  const ours = new Translator({
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'id'],
    defaultNS: 'common',
    resources,
  })
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
      supportedLngs: ['en', 'id'],
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

  it('switches language, loads bundles and tells listeners', async () => {
    const ours = new Translator({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en', 'id'],
      defaultNS: 'common',
      resources: { en: { common: en } },
    })
    const seen: unknown[] = []
    ours.on('languageChanged', (lng) => seen.push(lng))
    expect(ours.hasResourceBundle('id', 'common')).toBe(false)
    ours.addResourceBundle('id', 'common', id)
    await ours.changeLanguage('id')
    expect(seen).toEqual(['id'])
    expect(ours.t('common.logout')).toBe('Keluar')
    expect(ours.languages).toEqual(['id', 'en'])
  })
})
