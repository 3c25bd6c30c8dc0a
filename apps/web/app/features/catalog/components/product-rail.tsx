import { useTranslation } from '~/lib/i18n-react.ts'
import type { CardView } from '@busana/contract'
import { RAIL_FIRST_VIEW } from '../home.rules.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { ProductCard } from './product-card.tsx'

/** A titled, horizontally scrolling row of cards (about 2.5 visible on phones) with View All. */
export function ProductRail({
  title,
  href,
  products,
  total,
}: {
  title: string
  href: string
  products: CardView[]
  /** The rail's cards in all: until they arrive, as many placeholders as a first view shows. */
  total: number
}) {
  const { t } = useTranslation()
  return (
    <section className="page-container mt-10 lg:mt-14" aria-label={title}>
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 className="text-sm font-semibold uppercase tracking-[0.2em] lg:text-base">{title}</h2>
        <TrackedLink
          to={href}
          className="btn-outline h-9 shrink-0 px-4"
          aria-label={`${t('common.viewAll')} ${title}`}
        >
          {t('common.viewAll')}
        </TrackedLink>
      </div>
      <ul className="rail">
        {products.map((product) => (
          <li key={product.product_code} className="rail-item">
            <ProductCard product={product} imageSizes="(min-width: 1024px) 20vw, 40vw" />
          </li>
        ))}
        {products.length === 0 &&
          Array.from({ length: Math.min(total, RAIL_FIRST_VIEW) }, (_, index) => (
            <li key={index} className="rail-item" aria-hidden="true" data-testid="card-placeholder">
              <div className="aspect-[3/4] bg-neutral-100" />
              <div className="h-[5.5rem]" />
            </li>
          ))}
      </ul>
    </section>
  )
}
