import { useEffect, useId, useState } from 'react'
import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { signInThen } from '~/lib/after-sign-in'
import { addToBag as addItemToBag } from '~/shared/bag/add-to-bag'
import { useCartStore } from '~/shared/bag/cart-store'
import { WishlistToggle } from '~/shared/wishlist/wishlist-toggle'
import { useAlertsStore } from '~/shared/alerts/alerts-store'
import { addToBagBlock, initialSku, isSizePickable, soldOutChoice } from '../purchase.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { BackInStock } from './back-in-stock'
import { SizePicker } from './size-picker'

/** A signed-in member (the token every member call carries), or null for a visitor. */
export type MemberSession = { token: string } | null

type PurchaseProduct = Pick<
  Product,
  | 'product_code'
  | 'status'
  | 'product_lable'
  | 'variant'
  | 'is_wishlist'
  | 'product_name'
  | 'url_image'
  | 'is_bundling'
>

/**
 * Size picker, Add to bag and the wishlist toggle. The selection belongs to one product: a new
 * product starts from its own initial size (its only size, or none). A chosen sold-out size gets
 * "Tell me when it's back" instead of Add to bag (issue 42, `BackInStock`); for it the member's
 * alerts are loaded, silently, when the product has a sold-out size. A visitor is sent to sign-in
 * (with the 'checkout' purpose for Add to bag), and the add is made once they have signed in; the wishlist
 * flag flips only after the server call succeeds (docs/product/shopping.md §4, the shared WishlistToggle). A
 * bundle gets no size picker and no Add to bag, only a line saying its pieces are chosen on its page (the
 * bundle panel); the quick view shows it that way.
 */
export function PurchasePanel({
  product,
  session,
  api,
  cartLoading = false,
  onSignIn,
}: {
  product: PurchaseProduct
  session: MemberSession
  api: ApiClient
  /** Forces the cart-loading state (tests); the cart store's own loading flag counts too. */
  cartLoading?: boolean
  /** Called before a visitor is sent to the sign-in dialog (the quick view closes so the dialog shows). */
  onSignIn?: () => void
}) {
  const t = useNamespaceT('product')
  // Add to bag is disabled while the cart is loading (docs/product/shopping.md §4).
  const storeLoading = useCartStore((s) => s.loading)
  const code = product.product_code
  const hintId = useId()

  // State tagged with the product it belongs to: a different product means a fresh selection.
  const [choice, setChoice] = useState<{ code: string; sku: string | null }>({
    code,
    sku: initialSku(product),
  })
  const sku = choice.code === code ? choice.sku : initialSku(product)
  const [adding, setAdding] = useState(false)

  const block = addToBagBlock(product, sku, cartLoading || storeLoading || adding)
  const soldSize = soldOutChoice(product, sku)

  // Which sold-out sizes already have an alert on: asked for only where a size can be sold out.
  const token = session?.token ?? null
  const loadAlerts = useAlertsStore((s) => s.load)
  const hasSoldSize = !product.is_bundling && product.variant.some((v) => !isSizePickable(product, v))
  useEffect(() => {
    if (token && hasSoldSize) void loadAlerts(api, token, { silent: true })
  }, [api, token, hasSoldSize, loadAlerts])

  async function addToBag() {
    if (block || !sku) return
    if (!session) {
      onSignIn?.()
      // The add this press asked for is finished once the dialog closes signed in (issue 26 item 12).
      signInThen((token) => add(token, sku), 'checkout')
      return
    }
    await add(session.token, sku)
  }

  /** Adds `chosenSku` to the bag of the session with `token`; failures are shown by the API client. */
  async function add(token: string, chosenSku: string) {
    setAdding(true)
    try {
      const chosen = product.variant.find((v) => v.sku_product === chosenSku)
      const { refreshed } = await addItemToBag({
        api,
        token,
        item: { product_code: code, sku_product: chosenSku },
        notice: {
          product_name: product.product_name,
          ukuran: chosen?.ukuran ?? '',
          price: chosen?.selling_price ?? null,
          image: product.url_image || null,
        },
      })
      await refreshed
    } catch {
      // The API client already shows the server's message.
    } finally {
      setAdding(false)
    }
  }

  const hint = soldSize
    ? t('bag.sizeSoldOut', 'This size is sold out.')
    : block === 'sold' && product.variant.length > 0
      ? t(
          'bag.soldOutChooseSize',
          "This product is out of stock. Choose a size and we'll tell you when it's back.",
        )
      : block === 'sold'
        ? t('bag.soldOut', 'This product is out of stock.')
        : block === 'coming-soon'
          ? t('bag.comingSoon', 'Coming soon: not available to order yet.')
          : block === 'no-size' && product.variant.length > 0
            ? t('bag.chooseSize', 'Choose a size to add it to your bag.')
            : null

  // A bundle is bought through its parts, in the bundle panel of its page: no plain add here.
  const bundle = product.is_bundling

  return (
    <div className="space-y-5">
      {!bundle && (
        <SizePicker product={product} selectedSku={sku} onSelect={(next) => setChoice({ code, sku: next })} />
      )}
      <div className="flex items-center gap-2">
        {bundle ? (
          <p className="flex-1 text-sm text-neutral-600">
            {t('bag.bundleOnPage', 'Choose the pieces of this bundle on its page.')}
          </p>
        ) : soldSize ? (
          <BackInStock
            key={soldSize.sku_product}
            product={product}
            size={soldSize}
            session={session}
            api={api}
            onSignIn={onSignIn}
            describedBy={hint ? hintId : undefined}
          />
        ) : (
          <button
            type="button"
            onClick={addToBag}
            disabled={block !== null}
            aria-describedby={hint ? hintId : undefined}
            className="h-12 flex-1 bg-ink px-6 text-xs font-semibold tracking-[0.2em] text-white uppercase transition-colors hover:bg-neutral-700 disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-500"
          >
            {adding ? t('bag.adding', 'Adding…') : t('bag.add', 'Add to bag')}
          </button>
        )}
        {/* A new product, or the member's real flag arriving after hydration, wins without a remount
            (the toggle follows `wished`), so a size chosen meanwhile stays chosen. */}
        <WishlistToggle
          code={code}
          wished={product.is_wishlist}
          session={session}
          api={api}
          onSignIn={onSignIn}
          labels={{
            add: t('wishlist.add', 'Add to wishlist'),
            remove: t('wishlist.remove', 'Remove from wishlist'),
          }}
        />
      </div>
      {hint && (
        <p id={hintId} className="-mt-2 text-xs text-neutral-500">
          {hint}
        </p>
      )}
    </div>
  )
}
