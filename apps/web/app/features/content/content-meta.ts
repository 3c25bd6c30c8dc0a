import { createI18n, normalizeLanguage } from '~/lib/i18n.ts'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { canonicalLinks } from '~/lib/seo.ts'

type Matches = ReadonlyArray<{ meta?: unknown; data?: unknown } | undefined>

/** A translator of the page's language over the strings the root loader sent (meta runs outside React). */
export function metaTranslator(matches: Matches) {
  const root = matches[0]?.data as RootData | undefined
  const i18n = createI18n(normalizeLanguage(root?.lng) ?? 'en', root?.translations ?? {}, { load: false })
  return (key: string) => i18n.t(key)
}

/**
 * A content page's meta (decision 029): title with the brand, description, canonical and language
 * links under the shop's origin, Open Graph. Replaces the root's description.
 */
export function contentMeta(
  matches: Matches,
  search: string,
  page: { title: string; description: string; path: string; type?: 'website' | 'article'; image?: string },
) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  const origin = (root?.publicConfig.PUBLIC_URL ?? '').replace(/\/+$/, '')
  const canonical = origin + page.path
  const title = `${page.title} | ${brand}`
  const description =
    page.description.length > 160 ? `${page.description.slice(0, 157).trimEnd()}…` : page.description
  return [
    ...inheritedMeta(matches).filter(
      (descriptor) => !('name' in descriptor && descriptor.name === 'description'),
    ),
    { title },
    { name: 'description', content: description },
    ...canonicalLinks(canonical, search),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(page.image ? [{ property: 'og:image', content: new URL(page.image, `${origin}/`).toString() }] : []),
  ]
}

/** The meta of a page that failed to load (404). */
export function notFoundMeta(matches: Matches) {
  const brand = (matches[0]?.data as RootData | undefined)?.site?.brand.name || 'Busana'
  return [
    ...inheritedMeta(matches),
    { title: `Nothing to see here! | ${brand}` },
    { name: 'robots', content: 'noindex' },
  ]
}
