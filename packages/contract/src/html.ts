const HTML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' } as const

/**
 * Text placed in hand-written HTML (the servers' small pages: the storefront's error page, the
 * sandbox payments page): the five characters HTML gives meaning to, as entities.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c as keyof typeof HTML_ENTITIES])
