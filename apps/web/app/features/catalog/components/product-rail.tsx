import { useTranslation } from '~/lib/i18n-react.ts'
import type { ProductCard as ProductCardData } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { ProductCard } from './product-card.tsx'

/** A titled, horizontally scrolling row of cards (about 2.5 visible on phones) with View All. */
export function ProductRail({
  title,
  href,
  products,
}: {
  title: string
  href: string
  products: ProductCardData[]
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
      <ul className="scrollbar-none -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:gap-5 lg:px-0">
        {products.map((product) => (
          <li
            key={product.product_code}
            className="w-[38%] shrink-0 snap-start sm:w-[28%] lg:w-[calc((100%-4*1.25rem)/5)]"
          >
            <ProductCard product={product} imageSizes="(min-width: 1024px) 20vw, 40vw" />
          </li>
        ))}
      </ul>
    </section>
  )
}
