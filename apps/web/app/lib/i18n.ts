import type { i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { Translator } from './translator.ts'

/** English is the fallback; Indonesian the other language (spec 001 section 9). */
export const LANGUAGES = ['en', 'id'] as const
export type Language = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en'
/** Cookie the detector caches the language in, so the server renders the same language next time. */
export { LANGUAGE_COOKIE } from './language-cookie.ts'
export const LANGUAGE_QUERY = 'lng'
export const DEFAULT_NAMESPACE = 'common'

/** Translations of one or more languages by namespace: { en: { common: {...}, product: {...} } }. */
export type Translations = Partial<Record<Language, Record<string, Record<string, unknown>>>>

/** 'id-ID', 'in', 'ID' → 'id'; 'en-GB' → 'en'; anything else → null. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (!value) return null
  const base = value.trim().toLowerCase().split(/[-_]/)[0]
  if (base === 'in') return 'id' // the old ISO code some browsers still send
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null
}

/**
 * The app's translation instance in `lng` with the given translations: the i18next instance API
 * (typed as i18next's) on the compact Translator, so react-i18next's provider and hooks work. The
 * server puts the rendered language's translations in the root loader data and the browser starts
 * from them, so the first client render matches the server's and no translation JSON is bundled.
 */
export function createI18n(lng: Language, translations: Translations = {}): I18n {
  const instance = new Translator({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    defaultNS: DEFAULT_NAMESPACE,
    resources: translations as Record<string, Record<string, Record<string, unknown>>>,
  })
  instance.use(initReactI18next as never)
  return instance as unknown as I18n
}

let browserI18n: I18n | null = null
/** The browser's single instance (created on the first render with the server's language). */
export function getBrowserI18n(lng: Language, translations: Translations): I18n {
  browserI18n ??= createI18n(lng, translations)
  return browserI18n
}

// Every locales/{lng}/{namespace}.json, each its own small chunk loaded on a language switch.
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })

/** All namespaces of one language (the browser loads the other language when switching to it). */
export async function loadTranslations(lng: Language): Promise<Translations> {
  const namespaces: Record<string, Record<string, unknown>> = {}
  await Promise.all(
    Object.entries(bundles)
      .filter(([path]) => path.includes(`/locales/${lng}/`))
      .map(async ([path, load]) => {
        namespaces[path.slice(path.lastIndexOf('/') + 1, -'.json'.length)] = await load()
      }),
  )
  return { [lng]: namespaces }
}

/** Loads the language's translations when missing, then switches (the root caches the choice). */
export async function switchLanguage(i18n: I18n, lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, DEFAULT_NAMESPACE)) {
    const namespaces = (await loadTranslations(lng))[lng] ?? {}
    for (const [ns, bundle] of Object.entries(namespaces)) i18n.addResourceBundle(lng, ns, bundle, true, true)
  }
  await i18n.changeLanguage(lng)
}
