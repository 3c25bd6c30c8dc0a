import { loaderApi } from '~/lib/loader-api.server.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import type { RouteI18n } from '~/lib/i18n.ts'
import { searchProducts, type SearchPage } from '~/features/search/search.api.ts'
import { SearchResults } from '~/features/search/components/search-results.tsx'
import { ProductCard } from '~/features/catalog/components/product-card.tsx'
import { ListingFilterBar } from '~/features/listing-filter/components/listing-filter-bar.tsx'
import { EmptyFilterResult } from '~/features/listing-filter/components/empty-filter-result.tsx'
import { filterIdentity, filterOfSearch } from '~/features/listing-filter/listing-filter.rules.ts'
import { useFilterPending } from '~/features/listing-filter/use-apply-filter.ts'
import { ErrorView } from '~/components/ui/not-found-view.tsx'
import { activeFilterCount, type ListingFilter } from '@busana/contract'
import type { Route } from './+types/search'

// The filter bar's words (issue 39); the overlay's are in the same small namespace.
export const handle = { i18n: ['filter'] } satisfies RouteI18n

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as RootData | undefined)?.site?.brand.name || 'Busana'
  return [
    ...inheritedMeta(matches),
    { title: loaderData?.query ? `${loaderData.query} | ${brand}` : brand },
    { name: 'robots', content: 'noindex' },
  ]
}

/**
 * First results page on the server, of the address's filter and sort (issue 39); search is silent,
 * so any failure reads as 'Nothing Found'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  // Control characters would reach the title and heading (the API refuses them anyway).
  const query = (url.searchParams.get('query') ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 100)
  const filter = filterOfSearch(url.searchParams)
  const empty: SearchPage = { items: [], page: 1, totalPages: 0, facets: null }
  if (!query) return { query, filter, first: empty, total: null }
  const api = loaderApi(request, context)
  const { facets, ...first } = await searchProducts(api, { key: query, page: 1, filter }).catch(() => empty)
  // Only the total travels with the page (null: the key found nothing); the overlay asks for the
  // counts when it opens.
  return { query, filter, first: { ...first, facets: null }, total: facets?.total ?? null }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const api = useApi()
  const busy = useFilterPending()
  const { query, filter, first, total } = loaderData
  const loadFacets = (next: ListingFilter, signal: AbortSignal) =>
    searchProducts(api, { key: query, page: 1, limit: 1, filter: next }, signal).then((page) => {
      if (!page.facets) throw new Error('No facets')
      return page.facets
    })
  return (
    <div className="page-container pt-6 lg:pt-10">
      {query ? (
        <SearchResults
          query={query}
          // A new filter is a new list: endless scrolling starts again from its first page.
          listKey={filterIdentity(filter)}
          initial={first}
          busy={busy}
          loadPage={(page) => searchProducts(api, { key: query, page, filter })}
          renderItem={(product, index) => <ProductCard product={product} priority={index < 4} />}
          // The bar only where the key found something: 'Nothing Found' has nothing to narrow.
          toolbar={
            total !== null ? (
              <ListingFilterBar filter={filter} total={total} loadFacets={loadFacets} />
            ) : undefined
          }
          emptyState={
            total !== null && activeFilterCount(filter) > 0 ? (
              <EmptyFilterResult filter={filter} />
            ) : undefined
          }
        />
      ) : (
        <h1 className="py-24 text-center text-lg">{t('search.emptyQuery')}</h1>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorView />
}
