import { htmlText } from '@busana/contract'
import { loaderApi } from '~/lib/loader-api.server.ts'
import { loadContentPage } from '~/features/content/content.server.ts'
import { contentMeta, notFoundMeta } from '~/features/content/content-meta.ts'
import { RichText } from '~/features/content/components/rich-text.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { Route } from './+types/content-page'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches)
  const { page } = loaderData
  return contentMeta(matches, location.search, {
    title: page.judul,
    description: htmlText(page.konten),
    path: `/pages/${page.id}`,
  })
}

/** /pages/{id} (docs/product/account.md §2): a content page (GET /api/v1/pages/page/{id}, our path). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(loaderApi(request, context), params.id) }
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <article className="page-container max-w-3xl pb-16 pt-6 lg:pt-12">
      <h1 className="text-lg font-semibold uppercase tracking-[0.16em] lg:text-2xl">{page.judul}</h1>
      <RichText html={page.konten} className="mt-6" />
    </article>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
