import { languageCookieOf } from '@busana/contract'
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  normalizeLanguage,
  type Language,
} from './i18n.ts'

/** Where the browser keeps the language (the names i18next's detector used, so earlier choices hold). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365

/** The product's detection order (docs/product/account.md §9). */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const
export type DetectionSource = (typeof DETECTION_ORDER)[number]

/** Storage can throw (privacy modes, disabled storage): a missing value then. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null
  }
}

/** The raw candidates one source offers, best first. */
export function lookup(source: DetectionSource): Array<string | null | undefined> {
  switch (source) {
    case 'querystring':
      return [new URLSearchParams(window.location.search).get(LANGUAGE_QUERY)]
    case 'cookie':
      return [languageCookieOf(document.cookie)]
    case 'localStorage':
      return [read(() => window.localStorage, LANGUAGE_STORAGE_KEY)]
    case 'sessionStorage':
      return [read(() => window.sessionStorage, LANGUAGE_STORAGE_KEY)]
    case 'navigator':
      return [...(navigator.languages ?? []), navigator.language]
    case 'htmlTag':
      return [document.documentElement.getAttribute('lang')]
  }
}

/** First supported language in the detection order, or the fallback. */
export function detectBrowserLanguage(): Language {
  for (const source of DETECTION_ORDER) {
    for (const value of lookup(source)) {
      const lng = normalizeLanguage(value)
      if (lng) return lng
    }
  }
  return FALLBACK_LANGUAGE
}

/** Caches the language in localStorage and in the cookie the server reads on the next request. */
export function cacheLanguage(lng: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng)
  } catch {
    // storage unavailable: the cookie still carries the choice
  }
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`
}
