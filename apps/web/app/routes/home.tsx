import { loaderApi } from '~/lib/loader-api.server.ts'
import { inheritedMeta, useRootData, type RootData } from '~/lib/root-data.ts'
import { loadHome } from '~/features/catalog/catalog.server.ts'
import { HomeSections } from '~/features/catalog/components/home-sections.tsx'
import { ErrorView } from '~/components/ui/not-found-view.tsx'
import type { Route } from './+types/home'

export function meta({ matches }: Route.MetaArgs) {
  const site = (matches[0]?.data as RootData | undefined)?.site
  const brand = site?.brand.name || 'Busana'
  return [
    ...inheritedMeta(matches),
    { title: site?.brand.tagline ? `${brand} | ${site.brand.tagline}` : brand },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = loaderApi(request, context)
  return { home: await loadHome(api, false) }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()?.site?.brand.name || 'Busana'
  return (
    <div>
      <h1 className="sr-only">{brand}</h1>
      <HomeSections data={loaderData.home} isChild={false} />
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorView />
}
