/**
 * Rules of the help, article and store pages shared by the API and the storefront (docs/product/account.md
 * sections 2, 4 and 9; decision 033).
 */

/** Slugs and codes of help categories, questions, articles and content pages. */
export const CONTENT_SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/

/** Stores per page of GET /api/v3/offline-store. */
export const STORE_PAGE_MAX = 20
/** Longest store keyword. */
export const STORE_KEYWORD_MAX = 100
/** The store search waits this long after the last keystroke (docs/product/account.md §4 and 9). */
export const STORE_SEARCH_DEBOUNCE_MS = 500

/** Article cards: preview characters 3 up to 100, then an ellipsis (docs/product/account.md §9). */
export const ARTICLE_PREVIEW_START = 3
export const ARTICLE_PREVIEW_END = 100
/** Article pictures are 400 x 600 (docs/product/account.md §9). */
export const ARTICLE_IMAGE = { width: 400, height: 600 } as const

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
}

/** The text of (sanitised) HTML: tags dropped, the common entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<\/(p|li|h[1-6]|div|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * An article card's preview (docs/product/account.md: content characters 3 up to 100 plus an ellipsis). The
 * original cut the HTML, whose first three characters are the opening `<p>`; we cut the text the
 * same 97 characters long, so no piece of a tag ever shows on a card. Shorter text keeps no ellipsis.
 */
export function articlePreview(konten: string): string {
  const text = htmlText(konten)
  const length = ARTICLE_PREVIEW_END - ARTICLE_PREVIEW_START
  if (text.length <= length) return text
  return `${text.slice(0, length).trimEnd()}…`
}

/** A map provider's embed endpoint (decision 033). */
export interface MapEndpoint {
  host: string
  /** The path exactly, or a prefix when it ends with '/'. */
  path: string
  /** A query parameter the URL must carry for the endpoint to be an embed. */
  requires?: [name: string, value: string]
}

/**
 * The map endpoints a store's frame may show (the API's content module checks a store's map
 * against them), and from them the storefront pages' CSP frame-src.
 */
export const MAP_ENDPOINTS: readonly MapEndpoint[] = [
  // Google Maps "Share > Embed a map": https://www.google.com/maps/embed?pb=...
  { host: 'www.google.com', path: '/maps/embed' },
  // Maps Embed API: https://www.google.com/maps/embed/v1/place?key=...&q=...
  { host: 'www.google.com', path: '/maps/embed/v1/' },
  // The classic form: https://maps.google.com/maps?q=...&output=embed
  { host: 'maps.google.com', path: '/maps', requires: ['output', 'embed'] },
  // OpenStreetMap "Share > HTML": https://www.openstreetmap.org/export/embed.html?bbox=...
  { host: 'www.openstreetmap.org', path: '/export/embed.html' },
]

/** CSP frame-src source expressions of MAP_ENDPOINTS (a path ending in '/' matches as a prefix). */
export const MAP_FRAME_SOURCES: readonly string[] = [
  ...new Set(MAP_ENDPOINTS.map((endpoint) => `https://${endpoint.host}${endpoint.path}`)),
]
