import { useTranslation } from '~/lib/i18n-react.ts'
import { categoryPath, MAIN_BRAND_ID, type HomeData } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'

const label = (name: string) => name.replace(/[-_]+/g, ' ')

/** The home category grid; each card opens /shop/9/category/{category_name} (docs/product/shopping.md §2). */
export function CategoryGrid({ categories }: { categories: HomeData['category'] }) {
  const { t } = useTranslation()
  if (categories.length === 0) return null
  return (
    <section className="page-container mt-14 lg:mt-20" aria-labelledby="category-grid-title">
      <h2
        id="category-grid-title"
        className="mb-5 text-sm font-semibold uppercase tracking-[0.2em] lg:text-base"
      >
        {t('home.shopByCategory')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 lg:gap-5">
        {categories.map((category) => (
          <li key={category.category_name}>
            <TrackedLink to={categoryPath(MAIN_BRAND_ID, category.category_name)} className="group block">
              <span className="block overflow-hidden bg-neutral-100">
                <img
                  src={category.url_image}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={600}
                  height={800}
                  className="aspect-[3/4] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
                />
              </span>
              <span className="mt-3 block text-xs font-semibold uppercase tracking-[0.2em] group-hover:underline group-hover:underline-offset-4">
                {label(category.category_name)}
              </span>
            </TrackedLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
