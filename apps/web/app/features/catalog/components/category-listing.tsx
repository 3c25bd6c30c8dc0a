import { useMemo } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { CategoryGroup } from '@busana/contract'
import { useEndlessList } from '~/lib/use-endless-list.ts'
import { EndlessSentinel } from '~/components/ui/endless-sentinel.tsx'
import { LISTING_PAGE_SIZE } from '~/lib/page-sizes.ts'
import { groupBanners, listingHasMore, mergeGroups } from '../listing.rules.ts'
import { ProductCard } from './product-card.tsx'

export interface CategoryListingProps {
  /** The server-rendered first page. */
  initialGroups: CategoryGroup[]
  initialHasMore: boolean
  /** Loads the groups from `offset` (limit 10). */
  loadPage: (offset: number) => Promise<CategoryGroup[]>
}

/**
 * The listing grid with endless scrolling: 2 columns on phones (a BIG thumbnail spans both),
 * 3 / 4 / 5 on wider screens; segments show their banners above their items.
 */
export function CategoryListing({ initialGroups, initialHasMore, loadPage }: CategoryListingProps) {
  const { t } = useTranslation()
  const list = useEndlessList<CategoryGroup[]>({
    initialPages: [initialGroups],
    initialHasMore,
    fetchPage: (index) => loadPage(index * LISTING_PAGE_SIZE),
    hasMoreAfter: listingHasMore,
  })
  const groups = useMemo(() => mergeGroups(list.pages.flat()), [list.pages])
  let cardIndex = 0

  return (
    <div>
      {groups.map((group, groupIndex) => {
        const banners = groupBanners(group)
        return (
          <section
            key={`${group.name}-${groupIndex}`}
            className={groupIndex === 0 ? '' : 'mt-14'}
            aria-label={group.name || undefined}
          >
            {group.name && groups.length > 1 && (
              <h2 className="mb-4 text-sm font-semibold uppercase tracking-[0.2em]">{group.name}</h2>
            )}
            {banners.length > 0 && (
              // Banners are 2:1 campaign art: never crop them. Phones swipe through them one at a
              // time (with a peek of the next); wider screens show them side by side.
              <div
                className={`scrollbar-none -mx-4 mb-8 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 sm:mx-0 sm:grid sm:overflow-visible sm:px-0 ${banners.length === 1 ? 'sm:grid-cols-1' : banners.length === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}
              >
                {banners.map((banner, index) => (
                  <img
                    key={`${banner}-${index}`}
                    src={banner}
                    alt={`${group.name || group.title} ${index + 1}`}
                    loading={groupIndex === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                    width={1200}
                    height={600}
                    className={`aspect-[2/1] shrink-0 snap-start bg-neutral-100 object-cover sm:w-full ${banners.length === 1 ? 'w-full' : 'w-[88%]'}`}
                  />
                ))}
              </div>
            )}
            <ul
              className="grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-5 lg:gap-y-10 xl:grid-cols-5"
              data-testid="listing-grid"
            >
              {group.item.map((product) => {
                const index = cardIndex++
                const big = product.thumbnail === 'BIG'
                return (
                  <li
                    key={`${product.product_code}-${index}`}
                    className={big ? 'col-span-2 sm:col-span-1' : ''}
                  >
                    <ProductCard
                      product={product}
                      priority={index < 4}
                      imageSizes={
                        big
                          ? '(min-width: 640px) 25vw, 100vw'
                          : '(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'
                      }
                    />
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
      <EndlessSentinel
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={() => void list.loadMore()}
        loadingLabel={t('common.loading')}
      />
    </div>
  )
}
