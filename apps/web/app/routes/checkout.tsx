import { useMemo } from 'react'
import { isRouteErrorResponse } from 'react-router'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { CheckoutPage } from '~/features/checkout/components/checkout-page.tsx'
import type { AddressBook } from '~/features/checkout/components/member-address.tsx'
import { fetchAddresses, makePrimaryAddress } from '~/features/addresses/addresses.api.ts'
import type { Route } from './+types/checkout'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The checkout page's strings besides the shell's. */
export const handle = { i18n: ['checkout'] } satisfies RouteI18n

/** The checkout routes' title: 'Checkout | Brand', never indexed. */
export function checkoutMeta(matches: ReadonlyArray<{ meta?: unknown; data?: unknown } | undefined>) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  const strings = root?.translations[root.lng]?.checkout as { pageTitle?: string } | undefined
  return [
    ...inheritedMeta(matches),
    { title: `${strings?.pageTitle ?? 'Checkout'} | ${brand}` },
    { name: 'robots', content: 'noindex' },
  ]
}

export function meta({ matches }: Route.MetaArgs) {
  return checkoutMeta(matches)
}

/**
 * /checkout, the member's checkout (docs/product/shopping.md §2). No loader: the session and the ticked lines
 * live in the browser. The saved addresses come from the addresses feature, composed in here.
 */
export default function CheckoutRoute() {
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token ?? '')
  const addressBook = useMemo<AddressBook>(
    () => ({
      list: () => fetchAddresses(api, token),
      makePrimary: (id) => makePrimaryAddress(api, token, id),
    }),
    [api, token],
  )
  return <CheckoutPage kind="member" addressBook={addressBook} />
}

/** Something broke while rendering checkout: say so and offer the bag. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('checkout')
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-xl font-medium">{t('common:error.title')}</h1>
      <p className="text-sm text-neutral-500">
        {isRouteErrorResponse(error) ? error.statusText : t('common:error.text')}
      </p>
      <TrackedLink to="/cart" className="btn-primary">
        {t('backToBag')}
      </TrackedLink>
    </div>
  )
}
