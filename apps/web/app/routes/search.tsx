import { loaderApi } from '~/lib/loader-api.server.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { searchProducts, type SearchPage } from '~/features/search/search.api.ts'
import { SearchResults } from '~/features/search/components/search-results.tsx'
import { ProductCard } from '~/features/catalog/components/product-card.tsx'
import { ErrorView } from '~/components/ui/not-found-view.tsx'
import type { Route } from './+types/search'

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as RootData | undefined)?.site?.brand.name || 'Busana'
  return [
    ...inheritedMeta(matches),
    { title: loaderData?.query ? `${loaderData.query} | ${brand}` : brand },
    { name: 'robots', content: 'noindex' },
  ]
}

/** First results page on the server; search is silent, so any failure reads as 'Nothing Found'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Control characters would reach the title and heading (the API refuses them anyway).
  const query = (new URL(request.url).searchParams.get('query') ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 100)
  const empty: SearchPage = { items: [], page: 1, totalPages: 0 }
  if (!query) return { query, first: empty }
  const api = loaderApi(request, context)
  const first = await searchProducts(api, { key: query, page: 1 }).catch(() => empty)
  return { query, first }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const api = useApi()
  const { query, first } = loaderData
  return (
    <div className="page-container pt-6 lg:pt-10">
      {query ? (
        <SearchResults
          key={query}
          query={query}
          initial={first}
          loadPage={(page) => searchProducts(api, { key: query, page })}
          renderItem={(product, index) => <ProductCard product={product} priority={index < 4} />}
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
