import sanitizeHtml from 'sanitize-html'

/*
 * Pictures (issue 26 item 9): the storefront's page policy (apps/web/page-security.ts) loads
 * images from this origin and data: only (img-src), and media from this origin only (media-src).
 * So stored HTML keeps a picture only when it is one of the shop's own under /media/ (pictures
 * uploaded in the back office, /media/v1/u/…, and the catalogue's, /media/v1/…), written as a
 * path; an http: or https: address of any host, a protocol-relative one, a path elsewhere on the
 * site and a data: picture are dropped with their element. No video, audio or source element is
 * kept at all. The back office's editors say so in their help text. Allowing staff other hosts
 * would mean listing them in the page policy too (one list for both), which we chose not to.
 */

/** A placeholder origin to resolve a picture's address against: a path stays on it, anything else leaves it. */
const SHOP = 'https://shop.invalid'

/**
 * The picture address `src` as a path of the shop's own pictures (`/media/…`, with its query), or
 * null for anything else (another host, any scheme, `//host`, `/\host`, `..` leaving /media/).
 */
export function ownPicturePath(src: string): string | null {
  const trimmed = src.trim()
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(trimmed, SHOP)
  } catch {
    return null
  }
  if (url.origin !== SHOP || !url.pathname.startsWith('/media/')) return null
  return `${url.pathname}${url.search}`
}

/**
 * The one sanitiser of stored HTML (decision 033): product descriptions, FAQ answers, articles,
 * the about text and content pages all pass it before they are stored (the seed, any writer) and
 * again before they are served, so a row written around it (an import, a hand edit) still cannot
 * reach a page with script. sanitize-html is maintained and parses like a browser (htmlparser2);
 * what is not on the allow-list is dropped, text of dropped tags kept (script and style bodies
 * dropped whole).
 */
export const STORED_HTML_POLICY: sanitizeHtml.IOptions = {
  // sanitize-html's default block and inline text tags (no form, media, frame or style tag) and img.
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    // Table layout attributes only; no style, class or event attribute anywhere.
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  // Links: relative URLs stay (this shop's pages), and http(s), mailto and tel; javascript:, data:,
  // vbscript: and the rest go. Pictures: no scheme at all, only the shop's own paths (above).
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opened in a new tab gets no handle on this page.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    // The address becomes the shop's own path, or goes (attributes keep their order).
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {}
      for (const [name, value] of Object.entries(attribs)) {
        const path = name === 'src' ? ownPicturePath(value) : value
        if (path !== null) kept[name] = path
      }
      return { tagName, attribs: kept }
    },
  },
  // A picture without an address of the shop's own is dropped whole (no empty frame on the page).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** Stored HTML through the allow-list: safe to render as HTML on any page. */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, STORED_HTML_POLICY)
}

/** The text of HTML (tags dropped, whitespace collapsed), for meta descriptions and search. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h[1-6]|div|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => TEXT_ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

const TEXT_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
