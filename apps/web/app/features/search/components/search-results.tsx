import type { ReactNode } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { ProductCard } from '@busana/contract'
import { useEndlessList } from '~/lib/use-endless-list.ts'
import { EndlessSentinel } from '~/components/ui/endless-sentinel.tsx'
import { searchHasMore, type SearchPage } from '../search.api.ts'

export interface SearchResultsProps {
  query: string
  /** The server-rendered first page. */
  initial: SearchPage
  /** Loads results page `page` (1-based). */
  loadPage: (page: number) => Promise<SearchPage>
  /** Renders one hit (the route passes the catalog's product card). */
  renderItem: (product: ProductCard, index: number) => ReactNode
}

/** 'Showing result for "…"', a 2 / 4 / 5 column grid with endless scrolling, or 'Nothing Found'. */
export function SearchResults({ query, initial, loadPage, renderItem }: SearchResultsProps) {
  const { t } = useTranslation()
  const list = useEndlessList<SearchPage>({
    initialPages: [initial],
    initialHasMore: searchHasMore(initial),
    fetchPage: (index) => loadPage(initial.page + index),
    hasMoreAfter: searchHasMore,
  })
  const items = list.pages.flatMap((page) => page.items)

  return (
    <div>
      <h1 className="text-lg font-medium lg:text-xl">{t('search.showingResult', { query })}</h1>
      {items.length === 0 ? (
        <div className="py-24 text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.2em]">{t('search.nothingFound')}</p>
          <p className="mt-2 text-sm text-neutral-500">{t('search.nothingFoundHint')}</p>
        </div>
      ) : (
        <>
          {/* The cards' names are h3: the outline goes h1 → h2 → h3 (axe heading-order, issue 29). */}
          <h2 className="sr-only">{t('search.results')}</h2>
          <ul
            className="mt-8 grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4 lg:gap-x-5 lg:gap-y-10 xl:grid-cols-5"
            data-testid="search-grid"
          >
            {items.map((product, index) => (
              <li key={`${product.product_code}-${index}`}>{renderItem(product, index)}</li>
            ))}
          </ul>
        </>
      )}
      <EndlessSentinel
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={() => void list.loadMore()}
        loadingLabel={t('common.loading')}
      />
    </div>
  )
}
