import { loaderApi } from '~/lib/loader-api.server.ts'
import { redirect } from 'react-router'
import { CHILD_SECTION_ID, MAIN_BRAND_ID } from '@busana/contract'
import { withTracking } from '~/lib/tracked-link.tsx'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { loadHome } from '~/features/catalog/catalog.server.ts'
import { HomeSections } from '~/features/catalog/components/home-sections.tsx'
import { ErrorView } from '~/components/ui/not-found-view.tsx'
import type { Route } from './+types/child-home'

export function meta({ matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as RootData | undefined)?.site?.brand.name || 'Busana'
  return [...inheritedMeta(matches), { title: `${brand} Junior` }]
}

/** Junior home: only prepps-jr is valid; any other value redirects to / (docs/product/shopping.md §2). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.childId !== CHILD_SECTION_ID) {
    const search = new URL(request.url).search
    throw redirect(context.publicConfig.BRAND_ID === MAIN_BRAND_ID ? withTracking('/', search) : '/')
  }
  const api = loaderApi(request, context)
  return { home: await loadHome(api, true) }
}

export default function ChildHome({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="sr-only">Junior</h1>
      <HomeSections data={loaderData.home} isChild={true} />
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorView />
}
