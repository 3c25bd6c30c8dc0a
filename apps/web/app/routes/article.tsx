import { loaderApi } from '~/lib/loader-api.server.ts'
import { loadArticleCards } from '~/features/content/content.server.ts'
import { contentMeta, metaTranslator } from '~/features/content/content-meta.ts'
import { ArticleGrid } from '~/features/content/components/article-grid.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'
import type { Route } from './+types/article'

export const handle = { i18n: ['content'] } satisfies RouteI18n

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches)
  return contentMeta(matches, location.search, {
    title: t('content:article.title'),
    description: t('content:article.description'),
    path: '/article',
  })
}

/** /article (docs/product/account.md §2 (Articles)): the cards only (previews), not the whole articles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { articles: await loadArticleCards(loaderApi(request, context)) }
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  return <ArticleGrid articles={loaderData.articles} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
