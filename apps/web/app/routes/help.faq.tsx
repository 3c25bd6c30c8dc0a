import { loaderApi } from '~/lib/loader-api.server.ts'
import { loadFaq } from '~/features/content/content.server.ts'
import { contentMeta, metaTranslator, notFoundMeta } from '~/features/content/content-meta.ts'
import { FaqPage } from '~/features/content/components/faq-page.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'
import type { Route } from './+types/help.faq'

export const handle = { i18n: ['content'] } satisfies RouteI18n

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (loaderData === undefined) return notFoundMeta(matches)
  const t = metaTranslator(matches)
  const category = loaderData.view?.category.name
  return contentMeta(matches, location.search, {
    title: category ? `${t('content:faq.title')}: ${category}` : t('content:faq.title'),
    description: t('content:faq.description'),
    path: '/help/faq',
  })
}

/** /help/faq (docs/product/account.md §2 (Help FAQ)): categories, the chosen category's questions and answers (?category=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const chosen = new URL(request.url).searchParams.get('category')
  return { view: await loadFaq(loaderApi(request, context), chosen) }
}

export default function HelpFaq({ loaderData }: Route.ComponentProps) {
  return <FaqPage view={loaderData.view} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
