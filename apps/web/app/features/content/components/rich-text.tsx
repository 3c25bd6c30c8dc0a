/**
 * HTML the API sanitised with its allow-list (decision 033): FAQ answers, articles, about and
 * content pages. Styled by descendant selectors, so the stored HTML needs no class.
 */
const RICH_TEXT =
  'space-y-3 text-sm leading-relaxed text-neutral-700 lg:text-[15px] [&_:is(h2,h3,h4,h5,h6)]:pt-3 [&_:is(h2,h3,h4,h5,h6)]:text-xs [&_:is(h2,h3,h4,h5,h6)]:font-semibold [&_:is(h2,h3,h4,h5,h6)]:uppercase [&_:is(h2,h3,h4,h5,h6)]:tracking-[0.14em] [&_:is(h2,h3,h4,h5,h6)]:text-ink [&_:is(ul,ol)]:space-y-1 [&_a]:underline [&_a]:underline-offset-2 [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc'

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi

/**
 * Moves the stored HTML's headings so its highest one sits at `top` and the rest keep their steps
 * below it (never past h6). Staff write sections as they like (an h3 straight under the page's h1,
 * or an h1 of their own); a screen reader's outline then still goes h1 → h2 → h3 without a gap or a
 * second h1 (axe heading-order, issue 29).
 */
export function shiftHeadings(html: string, top: number): string {
  const levels = [...html.matchAll(HEADING_TAG)].map((match) => Number(match[2]))
  if (levels.length === 0) return html
  const shift = top - Math.min(...levels)
  if (shift === 0) return html
  return html.replace(
    HEADING_TAG,
    (_tag, slash: string, level: string) => `<${slash}h${Math.min(6, Math.max(1, Number(level) + shift))}`,
  )
}

export function RichText({
  html,
  className = '',
  headingsFrom = 2,
}: {
  html: string
  className?: string
  /** The level the content's highest heading takes: one below the heading the content sits under. */
  headingsFrom?: number
}) {
  return (
    <div
      className={`${RICH_TEXT} ${className}`}
      dangerouslySetInnerHTML={{ __html: shiftHeadings(html, headingsFrom) }}
    />
  )
}
