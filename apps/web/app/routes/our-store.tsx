import { STORE_KEYWORD_MAX } from '@busana/contract'
import { loaderApi } from '~/lib/loader-api.server.ts'
import { useRootData } from '~/lib/root-data.ts'
import { loadStores } from '~/features/content/content.server.ts'
import { contentMeta, metaTranslator } from '~/features/content/content-meta.ts'
import { StoreLocator } from '~/features/content/components/store-locator.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'
import type { Route } from './+types/our-store'

export const handle = { i18n: ['content'] } satisfies RouteI18n

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches)
  return contentMeta(matches, location.search, {
    title: t('content:store.heading'),
    description: t('content:store.description'),
    path: '/our-store',
  })
}

/** /our-store (docs/product/account.md §2 (Our store)): the brand's stores, those matching ?keyword= when given. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const keyword = (new URL(request.url).searchParams.get('keyword') ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, STORE_KEYWORD_MAX)
  const { stores, totalPages } = await loadStores(loaderApi(request, context), {
    keyword,
    brandId: context.publicConfig.BRAND_ID,
  })
  return { keyword, stores, totalPages }
}

export default function OurStore({ loaderData }: Route.ComponentProps) {
  const brandId = useRootData()?.publicConfig.BRAND_ID ?? 9
  return (
    <StoreLocator
      initialKeyword={loaderData.keyword}
      initialStores={loaderData.stores}
      initialTotalPages={loaderData.totalPages}
      brandId={brandId}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
