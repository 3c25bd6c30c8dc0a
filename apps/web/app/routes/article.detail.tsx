import { articlePreview } from '@busana/contract'
import { loaderApi } from '~/lib/loader-api.server.ts'
import { useRootData } from '~/lib/root-data.ts'
import { loadArticle } from '~/features/content/content.server.ts'
import { contentMeta, notFoundMeta } from '~/features/content/content-meta.ts'
import { ArticleDetail } from '~/features/content/components/article-detail.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'
import type { Route } from './+types/article.detail'

export const handle = { i18n: ['content'] } satisfies RouteI18n

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches)
  const { article } = loaderData
  return contentMeta(matches, location.search, {
    title: article.judul,
    description: articlePreview(article.konten),
    path: `/article/${article.slug}`,
    type: 'article',
    image: article.icon,
  })
}

/** /article/{slug} (docs/product/account.md §2 (Articles)); unknown slug: 'Nothing to see here!'. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return { article: await loadArticle(loaderApi(request, context), params.slug) }
}

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const lng = useRootData()?.lng ?? 'en'
  return <ArticleDetail article={loaderData.article} lng={lng} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
