import { loaderApi } from '~/lib/loader-api.server.ts'
import { data, isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { inheritedMeta, useRootData, type RootData } from '~/lib/root-data.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { loadCategoryPage } from '~/features/catalog/catalog.server.ts'
import { fetchCategoryPage } from '~/features/catalog/catalog.api.ts'
import { listingHasMore } from '~/features/catalog/listing.rules.ts'
import { CategoryListing } from '~/features/catalog/components/category-listing.tsx'
import { ErrorView, NotFoundView } from '~/components/ui/not-found-view.tsx'
import { breadcrumbJsonLd, canonicalLinks, commonString, listingDescription } from '~/lib/seo.ts'
import { activeFilterCount, categoryPath, isFiltered, toCardView, type ListingFilter } from '@busana/contract'
import type { RouteI18n } from '~/lib/i18n.ts'
import { ListingFilterBar } from '~/features/listing-filter/components/listing-filter-bar.tsx'
import { EmptyFilterResult } from '~/features/listing-filter/components/empty-filter-result.tsx'
import { filterIdentity, filterOfSearch } from '~/features/listing-filter/listing-filter.rules.ts'
import { useFilterPending } from '~/features/listing-filter/use-apply-filter.ts'
import type { Route } from './+types/listing'

// The filter bar's words (issue 39); the overlay's are in the same small namespace.
export const handle = { i18n: ['filter'] } satisfies RouteI18n

const prettify = (name: string) => name.replace(/[-_]+/g, ' ')

export function meta({ data: loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  if (!loaderData) return [...inheritedMeta(matches), { title: `Nothing to see here! | ${brand}` }]
  const title = `${loaderData.title} | ${brand}`
  const description = listingDescription(loaderData.title, brand, root?.lng)
  // The category as the shop spells it (URLs get retyped in other cases), under the shop's origin.
  const origin = (root?.publicConfig.PUBLIC_URL ?? '').replace(/\/+$/, '')
  const own = loaderData.brand === root?.publicConfig.BRAND_ID ? root?.site?.category : undefined
  const name =
    own?.find((c) => c.category_name.toLowerCase() === loaderData.category.toLowerCase())?.category_name ??
    loaderData.category
  const canonical = origin + categoryPath(loaderData.brand, name)
  return [
    ...inheritedMeta(matches).filter((descriptor) => descriptor.name !== 'description'),
    { title },
    { name: 'description', content: description },
    ...canonicalLinks(canonical, location.search),
    // A filtered or re-sorted listing is the same products again: the canonical stays the plain
    // listing, and search engines follow its links without indexing it (issue 39).
    ...(isFiltered(loaderData.filter) ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: brand },
    {
      'script:ld+json': breadcrumbJsonLd([
        // Home › category, as the page's own breadcrumb says it.
        { name: commonString(root?.translations, root?.lng, 'nav.home', 'Home'), url: `${origin}/` },
        { name: loaderData.title, url: canonical },
      ]),
    },
  ]
}

/**
 * First page on the server (offset 0, limit 10) of the address's filter and sort (issue 39), with
 * the filter's facets; an unknown brand or category is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const brand = Number(params.brand)
  if (!Number.isInteger(brand) || brand <= 0) throw data(null, { status: 404 })
  const api = loaderApi(request, context)
  const filter = filterOfSearch(new URL(request.url).searchParams)
  try {
    const page = await loadCategoryPage(api, { brand, category: params.category, offset: 0, filter })
    const title = page.data.find((group) => group.title)?.title || prettify(params.category)
    // The page inlines only what its cards show (issue 12: every page's HTML at most 50 KB).
    const groups = page.data.map((group) => ({ ...group, item: group.item.map(toCardView) }))
    return {
      brand,
      category: params.category,
      title,
      groups,
      hasMore: listingHasMore(page.data),
      filter,
      // Only the total travels with the page; the overlay asks for the counts when it opens.
      total: page.facets.total,
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 })
    throw error
  }
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const api = useApi()
  const site = useRootData()?.site
  const { brand, category, groups, hasMore, filter, total } = loaderData
  const title = site?.category.find((c) => c.category_name === category)?.title || loaderData.title
  const busy = useFilterPending()
  const loadFacets = (next: ListingFilter, signal: AbortSignal) =>
    fetchCategoryPage(api, { brand, category, offset: 0, limit: 1, filter: next, silent: true }, signal).then(
      (answer) => answer.facets,
    )

  return (
    <div className="page-container pt-5 lg:pt-8">
      <nav
        aria-label={t('listing.breadcrumb')}
        className="text-[11px] uppercase tracking-[0.16em] text-neutral-500"
      >
        <ol className="flex items-center gap-2">
          <li>
            <TrackedLink to="/" className="hover:text-ink">
              {t('nav.home')}
            </TrackedLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-ink">
            {category}
          </li>
        </ol>
      </nav>
      <h1 className="mb-6 mt-3 text-xl font-semibold uppercase tracking-[0.14em] lg:mb-10 lg:text-3xl">
        {title}
      </h1>
      <ListingFilterBar filter={filter} total={total} loadFacets={loadFacets} />
      {total === 0 && activeFilterCount(filter) > 0 ? (
        <EmptyFilterResult filter={filter} />
      ) : (
        <div aria-busy={busy} className={`transition-opacity ${busy ? 'opacity-50' : ''}`}>
          <CategoryListing
            // A new filter is a new list: endless scrolling starts again from its first page.
            key={`${brand}/${category}?${filterIdentity(filter)}`}
            initialGroups={groups}
            initialHasMore={hasMore}
            loadPage={(range) =>
              fetchCategoryPage(api, { brand, category, ...range, filter }).then((answer) => answer.data)
            }
          />
        </div>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundView /> : <ErrorView />
}
