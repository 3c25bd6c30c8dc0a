import LanguageDetector from 'i18next-browser-languagedetector'
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  normalizeLanguage,
  type Language,
} from './i18n.ts'

/** The spec's detection order: query lng, cookie, localStorage, sessionStorage, navigator, html tag. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
]

/**
 * The browser language detector, loaded after hydration (not registered in i18next: registering it
 * would make init detect and cache before the first render, which must use the server's language).
 * It caches the language in localStorage and in a cookie the server reads on the next request.
 */
export function createLanguageDetector() {
  return new LanguageDetector(undefined, {
    order: DETECTION_ORDER,
    lookupQuerystring: LANGUAGE_QUERY,
    lookupCookie: LANGUAGE_COOKIE,
    lookupLocalStorage: 'i18nextLng',
    lookupSessionStorage: 'i18nextLng',
    caches: ['localStorage', 'cookie'],
    cookieMinutes: 60 * 24 * 365,
    cookieOptions: { path: '/', sameSite: 'lax' },
  })
}

export type BrowserLanguageDetector = ReturnType<typeof createLanguageDetector>

/** First supported language in the detection order, or the fallback. */
export function detectBrowserLanguage(
  detector: BrowserLanguageDetector = createLanguageDetector(),
): Language {
  for (const name of DETECTION_ORDER) {
    const found = detector.detect([name])
    const values = Array.isArray(found) ? found : [found]
    for (const value of values) {
      const lng = normalizeLanguage(value)
      if (lng) return lng
    }
  }
  return FALLBACK_LANGUAGE
}
