/**
 * The languages the API answers its messages in (docs/product/account.md §9: English, the fallback, and
 * Indonesian). The storefront sends the shopper's language as `Accept-Language` on every call;
 * the API picks each answer's `message` (success and error alike) from it.
 */
export const MESSAGE_LANGUAGES = ['en', 'id'] as const
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number]
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'en'

/** One shopper message in every language the API speaks. */
export interface Localized {
  readonly en: string
  readonly id: string
}

/** A message in both languages (`say('Bag updated', 'Tas belanja diperbarui')`). */
export const say = (en: string, id: string): Localized => ({ en, id })

/** The message in `lng`. */
export const pick = (text: Localized, lng: MessageLanguage): string => text[lng]

/** 'id-ID', 'in', 'ID' → 'id'; 'en-GB' → 'en'; anything else → null. */
export function messageLanguageOf(tag: string): MessageLanguage | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  if (base === 'in') return 'id' // the old ISO code some browsers still send
  return base === 'en' || base === 'id' ? base : null
}

/** The query parameter and the cookie a page's language travels in (docs/product/account.md §9, decision 014). */
export const LANGUAGE_QUERY = 'lng'
export const LANGUAGE_COOKIE = 'i18next'

/**
 * The `i18next` cookie's value in a Cookie header (`document.cookie` has the same form), or
 * undefined. Percent-decoded as the storefront writes it; a malformed encoding is kept as sent.
 */
export function languageCookieOf(header: string | null | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.split('=')
    if (name?.trim() !== LANGUAGE_COOKIE) continue
    const value = rest.join('=').trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

/** What a request says about its language. */
export interface LanguageSources {
  /** The `lng` query parameter; a repeated one (an array) or any other non-string is ignored. */
  query?: unknown
  /** The value of the `i18next` cookie (languageCookieOf reads it from a Cookie header). */
  cookie?: unknown
  /** The `Accept-Language` header. */
  acceptLanguage?: string | readonly string[] | null
}

/**
 * The language of a request, in the product's detection order as far as a server sees it
 * (docs/product/account.md section 9): `?lng`, then the `i18next` cookie the storefront caches the choice in,
 * then the first of ours in `Accept-Language` by quality (ties keep the header's order; a malformed quality
 * counts as 0), English otherwise. A source naming neither language is skipped. The storefront renders
 * pages in it; the API's messages give it the header only (decision 027), its How to Pay steps all three.
 */
export function negotiateLanguage(sources: LanguageSources): MessageLanguage {
  return (
    namedLanguage(sources.query) ??
    namedLanguage(sources.cookie) ??
    acceptedLanguage(sources.acceptLanguage) ??
    DEFAULT_MESSAGE_LANGUAGE
  )
}

const namedLanguage = (value: unknown) => (typeof value === 'string' ? messageLanguageOf(value) : null)

/** The first of ours in an `Accept-Language` header by quality, or null. */
function acceptedLanguage(header: string | readonly string[] | undefined | null): MessageLanguage | null {
  const value = typeof header === 'string' ? header : (header ?? []).join(',')
  const accepted = value
    .slice(0, 1000)
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      // A quality is at most 1 (RFC 9110 section 12.4.2): `id;q=5` ranks as `id;q=1`, not above it.
      return {
        lng: messageLanguageOf(tag ?? ''),
        q: Number.isFinite(quality) ? Math.min(quality, 1) : 0,
        index,
      }
    })
    .filter((entry) => entry.lng !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return accepted[0]?.lng ?? null
}
