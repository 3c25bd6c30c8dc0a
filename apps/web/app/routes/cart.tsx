import { useRootData, inheritedMeta, type RootData } from '~/lib/root-data.ts'
import { CartPage } from '~/features/cart/components/cart-page.tsx'
import type { Route } from './+types/cart'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The bag page's strings besides the shell's. */
export const handle = { i18n: ['cart'] } satisfies RouteI18n

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  const cart = root?.translations[root.lng]?.cart as { pageTitle?: string } | undefined
  return [
    ...inheritedMeta(matches),
    { title: `${cart?.pageTitle ?? 'Shopping bag'} | ${brand}` },
    { name: 'robots', content: 'noindex' },
  ]
}

/**
 * /cart, the shopping bag (docs/product/shopping.md §2). No loader: the bag belongs to the signed-in shopper,
 * whose session lives in the browser; the payment logos come from the shell's site data.
 */
export default function CartRoute() {
  const payments = useRootData()?.site?.footer.metode_pembayaran ?? []
  return <CartPage payments={payments} />
}
