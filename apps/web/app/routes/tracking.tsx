import { useSearchParams } from 'react-router'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { createI18n, normalizeLanguage } from '~/lib/i18n.ts'
import { LOOKUP_MAX, TrackingPage } from '~/features/orders/components/tracking-page.tsx'
import { linkedOrderNumbers } from '~/features/orders/orders.rules.ts'
import { ErrorView } from '~/components/ui/not-found-view.tsx'
import type { Route } from './+types/tracking'
import type { RouteI18n } from '~/lib/i18n.ts'

export const handle = { i18n: ['orders'] } satisfies RouteI18n

/** Title and description in the page's language (the root loader sends the orders strings). */
export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  const i18n = createI18n(normalizeLanguage(root?.lng) ?? 'en', root?.translations ?? {}, { load: false })
  return [
    ...inheritedMeta(matches).filter(
      (descriptor) => !('name' in descriptor && descriptor.name === 'description'),
    ),
    { title: `${i18n.t('orders:lookup.title')} | ${brand}` },
    { name: 'description', content: i18n.t('orders:lookup.description') },
  ]
}

/**
 * /tracking (docs/product/account.md §2): order tracking by number; the shell renders on the server, the
 * lookup runs in the browser. `?order=` (one number or several separated by commas: the link a
 * guest's order updates carry, issue 28) fills the entries and looks them up at once; a new link
 * opened on the page starts it afresh.
 */
export default function TrackingRoute() {
  const [params] = useSearchParams()
  const linked = linkedOrderNumbers(params.getAll('order'), LOOKUP_MAX)
  return <TrackingPage key={linked.join(',')} linkedNumbers={linked} />
}

export function ErrorBoundary() {
  return <ErrorView />
}
