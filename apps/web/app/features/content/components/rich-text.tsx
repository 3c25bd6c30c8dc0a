/**
 * HTML the API sanitised with its allow-list (decision 033): FAQ answers, articles, about and
 * content pages. Styled by descendant selectors, so the stored HTML needs no class.
 */
const RICH_TEXT =
  'space-y-3 text-sm leading-relaxed text-neutral-700 lg:text-[15px] [&_:is(h2,h3,h4)]:pt-3 [&_:is(h2,h3,h4)]:text-xs [&_:is(h2,h3,h4)]:font-semibold [&_:is(h2,h3,h4)]:uppercase [&_:is(h2,h3,h4)]:tracking-[0.14em] [&_:is(h2,h3,h4)]:text-ink [&_:is(ul,ol)]:space-y-1 [&_a]:underline [&_a]:underline-offset-2 [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc'

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`${RICH_TEXT} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
