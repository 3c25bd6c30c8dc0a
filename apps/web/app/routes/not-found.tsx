import { data } from 'react-router'
import { NotFoundView } from '~/components/ui/not-found-view.tsx'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import type { Route } from './+types/not-found'

export function meta({ matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as RootData | undefined)?.site?.brand.name || 'Busana'
  return [
    ...inheritedMeta(matches),
    { title: `Nothing to see here! | ${brand}` },
    { name: 'robots', content: 'noindex' },
  ]
}

/** Unknown paths answer 404 with the 'Nothing to see here!' page. */
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <NotFoundView />
}
