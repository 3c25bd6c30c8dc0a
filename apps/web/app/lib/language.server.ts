import { languageCookieOf, negotiateLanguage } from '@busana/contract'
import { LANGUAGE_QUERY, type Language, type Translations } from './i18n.ts'

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
 * Accept-Language (by quality), then English, negotiated by the contract as the API negotiates its
 * translated answers. The browser applies its full detector after hydration.
 */
export function resolveRequestLanguage(request: Request): Language {
  return negotiateLanguage({
    query: new URL(request.url).searchParams.get(LANGUAGE_QUERY),
    cookie: languageCookieOf(request.headers.get('cookie')),
    acceptLanguage: request.headers.get('accept-language'),
  })
}
