import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  normalizeLanguage,
  type Language,
  type Translations,
} from './i18n.ts'

const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})

/**
 * The translations a page needs: the given namespaces (the shell's and the matched routes') in
 * `lng` only. They travel in the root loader data instead of the browser bundle. No English copy
 * rides along for Indonesian pages: every Indonesian file has every English key (locales.test.ts).
 */
export function translationsFor(lng: Language, namespaces: readonly string[]): Translations {
  const result: Record<string, Record<string, unknown>> = {}
  for (const ns of namespaces) {
    const bundle = bundles[`../locales/${lng}/${ns}.json`]
    if (bundle) result[ns] = bundle
  }
  return { [lng]: result }
}

/**
 * The language the server renders: ?lng, then the language cookie the browser cached, then
 * Accept-Language (by quality), then English. The browser applies its full detector after hydration.
 */
export function resolveRequestLanguage(request: Request): Language {
  const url = new URL(request.url)
  const fromQuery = normalizeLanguage(url.searchParams.get(LANGUAGE_QUERY))
  if (fromQuery) return fromQuery
  const cookie = request.headers.get('cookie') ?? ''
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE) {
      const lng = normalizeLanguage(decodeURIComponent(rest.join('=')))
      if (lng) return lng
    }
  }
  const accepted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((entry) => {
      const [tag, ...params] = entry.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of accepted) {
    const lng = normalizeLanguage(tag)
    if (lng) return lng
  }
  return FALLBACK_LANGUAGE
}
