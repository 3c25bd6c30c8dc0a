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
  /**
   * The list's identity beside the query (the route's filter, issue 39): a new one starts the
   * endless list again from `initial`, while the heading and the toolbar stay (and keep focus).
   */
  listKey?: string
  /** Shown under the heading when the key found something (the route's filter bar, issue 39). */
  toolbar?: ReactNode
  /** Shown instead of 'Nothing Found' when the key found products but a filter left none. */
  emptyState?: ReactNode
  /** The list is being replaced (another filter loading): dimmed and aria-busy. */
  busy?: boolean
}

/** 'Showing result for "…"', a 2 / 4 / 5 column grid with endless scrolling, or 'Nothing Found'. */
export function SearchResults({ query, listKey = '', toolbar, ...list }: SearchResultsProps) {
  const { t } = useTranslation()
  return (
    <div>
      <h1 className="text-lg font-medium lg:text-xl">{t('search.showingResult', { query })}</h1>
      {toolbar && <div className="mt-4">{toolbar}</div>}
      <ResultList key={`${query}?${listKey}`} spaced={!toolbar} {...list} />
    </div>
  )
}

function ResultList({
  initial,
  loadPage,
  renderItem,
  emptyState,
  busy = false,
  spaced,
}: Omit<SearchResultsProps, 'query' | 'listKey' | 'toolbar'> & { spaced: boolean }) {
  const { t } = useTranslation()
  const list = useEndlessList<SearchPage>({
    initialPages: [initial],
    initialHasMore: searchHasMore(initial),
    fetchPage: (index) => loadPage(initial.page + index),
    hasMoreAfter: searchHasMore,
  })
  const items = list.pages.flatMap((page) => page.items)

  return (
    <>
      {items.length === 0 && emptyState ? (
        emptyState
      ) : items.length === 0 ? (
        <div className="py-24 text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.2em]">{t('search.nothingFound')}</p>
          <p className="mt-2 text-sm text-neutral-500">{t('search.nothingFoundHint')}</p>
        </div>
      ) : (
        <>
          {/* The cards' names are h3: the outline goes h1 → h2 → h3 (axe heading-order, issue 29). */}
          <h2 className="sr-only">{t('search.results')}</h2>
          <ul
            aria-busy={busy}
            className={`${spaced ? 'mt-8 ' : ''}grid grid-cols-2 gap-x-3 gap-y-8 transition-opacity md:grid-cols-4 lg:gap-x-5 lg:gap-y-10 xl:grid-cols-5 ${busy ? 'opacity-50' : ''}`}
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
    </>
  )
}
