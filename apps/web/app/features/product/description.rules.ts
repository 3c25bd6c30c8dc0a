/**
 * Moves the headings of a product description so the highest one is an h2: the description sits
 * under the page's h1, and merchants write whatever level looks right to them (the demo catalog
 * uses h4), which skips levels for screen readers (Lighthouse / axe "heading-order"). Relative
 * levels are kept; nothing goes past h6.
 */
export function descriptionHeadings(html: string, top = 2): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/gi)].map((m) => Number(m[1]))
  if (levels.length === 0) return html
  const shift = top - Math.min(...levels)
  if (shift === 0) return html
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/gi,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}`,
  )
}
