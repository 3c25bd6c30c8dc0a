import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useEndlessList, type EndlessReload } from '~/lib/use-endless-list.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { EndlessSentinel } from '~/components/ui/endless-sentinel.tsx'
import { LISTING_PAGE_SIZE } from '@busana/contract'
import {
  countListingItems,
  groupBanners,
  listingHasMore,
  mergeGroups,
  reloadWindows,
  type ListingGroup,
} from '../listing.rules.ts'
import { ProductCard } from './product-card.tsx'

/** One listing call: a window of cards, for the session's token when there is one. */
export interface ListingWindow {
  offset: number
  limit: number
  token?: string
}

export interface CategoryListingProps {
  /** The server-rendered first page (always loaded as a visitor: the server never sees the session). */
  initialGroups: ListingGroup[]
  initialHasMore: boolean
  /** Loads the groups of one window (GET /api/v1/pages/category with offset, limit and token). */
  loadPage: (range: ListingWindow) => Promise<ListingGroup[]>
}

/** Re-requests the `shown` cards from offset 0; stops at the first window answering fewer than asked. */
async function reloadShown(
  loadPage: CategoryListingProps['loadPage'],
  shown: number,
  token: string | undefined,
): Promise<EndlessReload<ListingGroup[]>> {
  const groups: ListingGroup[] = []
  for (const range of reloadWindows(shown)) {
    const answer = await loadPage({ ...range, token })
    groups.push(...answer)
    if (!listingHasMore(answer, range.limit)) return { page: groups, hasMore: false }
  }
  return { page: groups, hasMore: true }
}

/**
 * The listing grid with endless scrolling: 2 columns on phones (a BIG thumbnail spans both),
 * 3 / 4 / 5 on wider screens; segments show their banners above their items. When the session's
 * token changes, the cards shown are reloaded for it, so their is_wishlist flags are the shopper's.
 */
export function CategoryListing({ initialGroups, initialHasMore, loadPage }: CategoryListingProps) {
  const { t } = useTranslation()
  const token = useSessionStore((s) => s.user?.token)
  const list = useEndlessList<ListingGroup[]>({
    initialPages: [initialGroups],
    initialHasMore,
    // Offsets count the cards held: after a reload one page holds them all.
    fetchPage: (_index, pages) =>
      loadPage({ offset: countListingItems(pages.flat()), limit: LISTING_PAGE_SIZE, token }),
    hasMoreAfter: (groups) => listingHasMore(groups),
    refetch: (pages) => reloadShown(loadPage, countListingItems(pages.flat()), token),
  })
  const { reload } = list

  // The first page was loaded as a visitor. Whenever the token differs from the one the cards were
  // loaded for (the stored session read after the first paint, sign in, sign out), reload them.
  const loadedFor = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (token === loadedFor.current) return
    loadedFor.current = token
    void reload()
  }, [token, reload])

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
            {group.name && groups.length > 1 ? (
              <h2 className="mb-4 text-sm font-semibold uppercase tracking-[0.2em]">{group.name}</h2>
            ) : (
              // Seen by screen readers only, so the cards' h3 titles follow an h2 (heading order).
              <h2 className="sr-only">{group.name || t('common.listing.products')}</h2>
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
              // On phones a BIG card spans both columns: the grid fills the hole a lone card before
              // it would leave with the next normal card (dense flow, issue 44).
              className="grid grid-cols-2 gap-x-3 gap-y-8 max-sm:grid-flow-row-dense sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-5 lg:gap-y-10 xl:grid-cols-5"
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
