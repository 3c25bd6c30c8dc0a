import { useEffect, useState, type ReactNode } from 'react'
import { WISHLIST_MESSAGES, type ProductCard } from '@busana/contract'
import { useApi } from '~/lib/browser-api'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSay } from '~/lib/i18n-react'
import { useSessionStore } from '~/lib/session-store'
import { TrackedLink } from '~/lib/tracked-link'
import { HeartIcon } from '~/shared/wishlist/wishlist-toggle'
import { useAlertsStore } from '~/shared/alerts/alerts-store'
import { useWishlistStore } from '../wishlist-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { AlertList } from './alert-list'
import { PriceDropToggle } from './price-drop-toggle'

/**
 * /member/wishlist (docs/product/account.md §2): a 2-column grid (4 at laptop width) of the member's wished
 * products, newest first, each with a heart that removes it and "Tell me when the price drops" under it
 * (issue 42); or the empty state with SHOP NOW. Below either, "Your alerts": every alert waiting, with
 * Turn off. The route gives the card (the catalog's product card), so this feature does not import another.
 */
export function WishlistPage({ renderCard }: { renderCard: (product: ProductCard) => ReactNode }) {
  const t = useNamespaceT('wishlist')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const items = useWishlistStore((s) => s.items)
  const load = useWishlistStore((s) => s.load)
  const remove = useWishlistStore((s) => s.remove)
  const loadAlerts = useAlertsStore((s) => s.load)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const say = useSay()
  const [removing, setRemoving] = useState<string | null>(null)

  // Loaded only when signed in (docs/product/account.md §4), and again on every visit: the product pages
  // change it.
  useEffect(() => {
    if (token) void load(api, token)
  }, [api, token, load])
  // The alerts too: the product pages change them (issue 42).
  useEffect(() => {
    if (token) void loadAlerts(api, token)
  }, [api, token, loadAlerts])

  async function onRemove(code: string) {
    if (!token) return
    setRemoving(code)
    if (await remove(api, token, code)) showMessage(say(WISHLIST_MESSAGES.removed), 'success')
    setRemoving(null)
  }

  if (items === null) {
    return (
      <div
        role="status"
        aria-label={t('loading', 'Loading your wishlist')}
        className="grid grid-cols-2 gap-x-3 gap-y-8 lg:grid-cols-4 lg:gap-x-5"
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="animate-pulse">
            <div className="aspect-[3/4] bg-neutral-100" />
            <div className="mt-3 h-3 w-3/4 bg-neutral-100" />
            <div className="mt-2 h-3 w-1/3 bg-neutral-100" />
          </div>
        ))}
      </div>
    )
  }

  const alertList = token ? <AlertList token={token} api={api} /> : null

  if (items.length === 0) {
    return (
      <>
        <div
          data-testid="wishlist-empty"
          className="flex flex-col items-center px-4 py-14 text-center lg:py-20"
        >
          <span className="grid h-16 w-16 place-items-center rounded-full bg-neutral-100 text-neutral-500">
            <HeartIcon filled={false} className="h-7 w-7" />
          </span>
          <h2 className="mt-5 text-base font-medium text-ink">
            {t('empty.title', 'Want to save the items you love?')}
          </h2>
          <p className="mt-2 max-w-xs text-sm text-neutral-500">
            {t(
              'empty.text',
              'Just click on the heart icon found on the product image and it will show up here.',
            )}
          </p>
          <TrackedLink
            to="/"
            className="mt-6 inline-flex h-11 items-center bg-ink px-8 text-xs font-semibold tracking-[0.2em] text-white uppercase transition-colors hover:bg-neutral-700"
          >
            {t('empty.shop', 'SHOP NOW')}
          </TrackedLink>
        </div>
        {alertList}
      </>
    )
  }

  return (
    <div>
      <p className="mb-4 text-xs text-neutral-500">
        {t('count', '{{count}} items', { count: items.length })}
      </p>
      <ul data-testid="wishlist-grid" className="grid grid-cols-2 gap-x-3 gap-y-8 lg:grid-cols-4 lg:gap-x-5">
        {items.map((product) => (
          <li key={product.product_code} className="relative">
            {renderCard(product)}
            <button
              type="button"
              onClick={() => void onRemove(product.product_code)}
              disabled={removing === product.product_code}
              aria-label={t('removeItem', 'Remove {{name}} from wishlist', { name: product.product_name })}
              className="absolute top-2 right-2 grid h-9 w-9 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition-colors hover:bg-white disabled:cursor-wait disabled:opacity-60"
            >
              <HeartIcon filled className="h-[18px] w-[18px]" />
            </button>
            {token && <PriceDropToggle product={product} token={token} api={api} />}
          </li>
        ))}
      </ul>
      {alertList}
    </div>
  )
}
