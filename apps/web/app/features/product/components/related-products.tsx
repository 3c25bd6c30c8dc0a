import { useId, type ReactNode } from 'react'
import type { CardView } from '@busana/contract'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/**
 * Related products under their title (judul_related) as a horizontal list: about 2.5 cards visible on
 * phones (docs/product/shopping.md §2, Product card), five on laptop. The card itself comes from the route
 * (features do not import each other).
 */
export function RelatedProducts({
  title,
  count,
  items,
  renderItem,
}: {
  title: string
  /** How many there are: their places are held until the cards arrive. */
  count: number
  /** The cards, once the browser has them; null until then, [] when they could not be had. */
  items: CardView[] | null
  renderItem: (product: CardView) => ReactNode
}) {
  const t = useNamespaceT('product')
  const headingId = useId()
  // Below the first screenful: the cards join after hydration (the browser asks for them) and their
  // places are held until then, so the first view's HTML stays small (issue 12) and nothing below
  // them moves.
  if (items ? items.length === 0 : count === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-14 lg:mt-20">
      <h2 id={headingId} className="text-sm font-semibold tracking-[0.2em] uppercase lg:text-base">
        {title.trim() || t('related.title', 'You may also like')}
      </h2>
      <ul data-testid="related-products" className="rail mt-5">
        {items
          ? items.map((product) => (
              <li key={product.product_code} className="related-item">
                {renderItem(product)}
              </li>
            ))
          : Array.from({ length: count }, (_, index) => (
              <li key={index} className="related-item">
                <div aria-hidden="true" data-testid="card-placeholder">
                  <div className="aspect-[3/4] bg-neutral-100" />
                  <div className="h-[5.5rem]" />
                </div>
              </li>
            ))}
      </ul>
    </section>
  )
}
