import sanitizeHtml from 'sanitize-html'
import { MAP_ENDPOINTS } from '@busana/contract'

/**
 * Store maps (docs/product/account.md §2 (Our store); decision 033). A store's `map_embed` is kept as given:
 * HTML holding a frame, pasted from a map provider's "embed" dialog. Nothing of it reaches a page but
 * the frame's `src`, and only when that parses as an https URL of an allow-listed map provider's
 * embed endpoint; the storefront draws its own sandboxed iframe around it. Anything else is
 * 'Maps Not Found'.
 */

// The allow-list and the CSP's frame-src are the contract's: the storefront's page policy reads them too.
export { MAP_ENDPOINTS, MAP_FRAME_SOURCES } from '@busana/contract'

const MAX_URL = 2048

/** `url` when it is an allow-listed map embed URL (normalised by the URL parser), else null. */
export function allowedMapUrl(url: string): string | null {
  if (url.length > MAX_URL) return null
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return null
  const allowed = MAP_ENDPOINTS.some(
    (endpoint) =>
      parsed.hostname === endpoint.host &&
      (endpoint.path.endsWith('/')
        ? parsed.pathname.startsWith(endpoint.path) && parsed.pathname.length > endpoint.path.length
        : parsed.pathname === endpoint.path) &&
      (!endpoint.requires || parsed.searchParams.get(endpoint.requires[0]) === endpoint.requires[1]),
  )
  if (!allowed) return null
  parsed.hash = ''
  const normalised = parsed.toString()
  return normalised.length <= MAX_URL ? normalised : null
}

/**
 * The map URL of a store's `map_embed`: the `src` of its first iframe (parsed as a browser would,
 * entities decoded), or the field itself when it is a bare URL; null when that is not an
 * allow-listed map embed.
 */
export function mapEmbedUrl(mapEmbed: string): string | null {
  const field = mapEmbed.trim()
  if (!field) return null
  if (!field.includes('<')) return allowedMapUrl(field)
  let src: string | null = null
  sanitizeHtml(field, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: ['src'] },
    // Only reads: the first iframe's src, whatever its scheme (allowedMapUrl decides).
    allowedSchemes: ['https', 'http', 'javascript', 'data'],
    exclusiveFilter(frame) {
      if (src === null && frame.tag === 'iframe' && typeof frame.attribs.src === 'string') {
        src = frame.attribs.src
      }
      return false
    },
  })
  return src === null ? null : allowedMapUrl(src)
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The `map_embed` the API answers: an iframe written here around the allow-listed URL (nothing
 * else of the stored field), or '' when there is none.
 */
export function safeMapEmbed(url: string | null, title: string): string {
  if (!url) return ''
  return (
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="600" height="450" ` +
    'loading="lazy" referrerpolicy="no-referrer-when-downgrade" ' +
    'sandbox="allow-scripts allow-same-origin allow-popups"></iframe>'
  )
}
