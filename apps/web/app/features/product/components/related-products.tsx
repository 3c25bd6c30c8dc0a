import { useId, type ReactNode } from 'react'
import type { CardView } from '@busana/contract'
import { useProductT } from '../use-product-t'

/**
 * Related products under their title (judul_related) as a horizontal list: about 2.5 cards visible on
 * phones (spec 000 section 2, Product card), five on laptop. The card itself comes from the route
 * (features do not import each other).
 */
export function RelatedProducts({
  title,
  items,
  renderItem,
}: {
  title: string
  items: CardView[]
  renderItem: (product: CardView) => ReactNode
}) {
  const t = useProductT()
  const headingId = useId()
  if (items.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-14 lg:mt-20">
      <h2 id={headingId} className="text-sm font-semibold tracking-[0.2em] uppercase lg:text-base">
        {title.trim() || t('related.title', 'You may also like')}
      </h2>
      <ul data-testid="related-products" className="rail mt-5">
        {items.map((product) => (
          <li
            key={product.product_code}
            className="w-[calc((100%-2*0.75rem)/2.5)] shrink-0 snap-start sm:w-[calc((100%-3*0.75rem)/3.5)] lg:w-[calc((100%-4*1.25rem)/5)]"
          >
            {renderItem(product)}
          </li>
        ))}
      </ul>
    </section>
  )
}
