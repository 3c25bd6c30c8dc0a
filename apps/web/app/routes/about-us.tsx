import { htmlText } from '@busana/contract'
import { loaderApi } from '~/lib/loader-api.server.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { loadAbout } from '~/features/content/content.server.ts'
import { contentMeta, metaTranslator, notFoundMeta } from '~/features/content/content-meta.ts'
import { RichText } from '~/features/content/components/rich-text.tsx'
import { ContentErrorBoundary } from '~/features/content/components/content-error.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'
import type { Route } from './+types/about-us'

export const handle = { i18n: ['content'] } satisfies RouteI18n

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches)
  const t = metaTranslator(matches)
  return contentMeta(matches, location.search, {
    title: t('content:about.title'),
    description: htmlText(loaderData.about),
    path: '/about-us',
  })
}

/** /about-us (docs/product/account.md §2): ABOUT US and the about HTML (GET /api/v1/pages/about). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { about: await loadAbout(loaderApi(request, context)) }
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content')
  return (
    <div className="page-container max-w-3xl pb-16 pt-6 lg:pt-12">
      <h1 className="text-center text-lg font-semibold tracking-[0.24em] lg:text-2xl">
        {t('about.heading')}
      </h1>
      <RichText html={loaderData.about} className="mt-6 lg:mt-10" />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentErrorBoundary error={error} />
}
