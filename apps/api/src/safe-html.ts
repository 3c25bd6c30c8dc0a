import sanitizeHtml from 'sanitize-html'

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
  // Relative URLs stay (this shop's /media and pages); javascript:, data:, vbscript: and the rest go.
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opened in a new tab gets no handle on this page.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
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
