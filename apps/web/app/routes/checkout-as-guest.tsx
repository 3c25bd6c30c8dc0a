import { useMemo } from 'react'
import { useApi } from '~/lib/browser-api.ts'
import { CheckoutPage } from '~/features/checkout/components/checkout-page.tsx'
import type { RenderRegion } from '~/features/checkout/components/guest-shipping.tsx'
import { apiRegionSource } from '~/features/addresses/addresses.api.ts'
import { RegionCascade } from '~/features/addresses/components/region-cascade.tsx'
import { checkoutMeta } from './checkout.tsx'
import type { Route } from './+types/checkout-as-guest'
import type { RouteI18n } from '~/lib/i18n.ts'

/** Checkout's strings and the region cascade's labels (the addresses namespace). */
export const handle = { i18n: ['checkout', 'addresses'] } satisfies RouteI18n

export function meta({ matches }: Route.MetaArgs) {
  return checkoutMeta(matches)
}

/**
 * /checkout-as-guest (docs/product/shopping.md §2): checkout for a shopper signed in by a phone code. The
 * shipping form's region cascade is the address book's, composed in here.
 */
export default function GuestCheckoutRoute() {
  const api = useApi()
  const source = useMemo(() => apiRegionSource(api), [api])
  const renderRegion = useMemo<RenderRegion>(
    () => (value, onChange) => <RegionCascade value={value} onChange={onChange} source={source} />,
    [source],
  )
  return <CheckoutPage kind="guest" renderRegion={renderRegion} />
}

export { ErrorBoundary } from './checkout.tsx'
