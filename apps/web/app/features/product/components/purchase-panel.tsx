import { useId, useState } from 'react'
import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { isWideScreen } from '~/lib/use-hydrated'
import { reloadCart, useCartStore } from '~/features/cart/cart-store'
import { addProductToBag, setProductWishlist } from '../product.api'
import { addToBagBlock, initialSku } from '../purchase.rules'
import { useProductT } from '../use-product-t'
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
 * product starts from its own initial size (its only size, or none). A visitor is sent to sign-in
 * (with the 'checkout' purpose for Add to bag); the wishlist flag flips only after the server call
 * succeeds (spec 000 section 4). A bundle gets no size picker and no Add to bag, only a line saying
 * its pieces are chosen on its page (the bundle panel); the quick view shows it that way.
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
  const t = useProductT()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const showCartNotice = useCartStore((s) => s.showNotice)
  // Add to bag is disabled while the cart is loading (spec 000 section 4).
  const storeLoading = useCartStore((s) => s.loading)
  const code = product.product_code
  const hintId = useId()

  // State tagged with the product it belongs to: a different product means a fresh selection.
  const [choice, setChoice] = useState<{ code: string; sku: string | null }>({
    code,
    sku: initialSku(product),
  })
  const sku = choice.code === code ? choice.sku : initialSku(product)
  // The wishlist flag as toggled here, tagged with the product and the flag it started from: a new
  // product, or a new flag from the page (a member's real is_wishlist arrives after hydration), wins
  // without a remount, so a size chosen meanwhile stays chosen.
  const [wish, setWish] = useState<{ code: string; from: boolean; on: boolean }>({
    code,
    from: product.is_wishlist,
    on: product.is_wishlist,
  })
  const wished = wish.code === code && wish.from === product.is_wishlist ? wish.on : product.is_wishlist
  const [adding, setAdding] = useState(false)
  const [wishing, setWishing] = useState(false)

  const block = addToBagBlock(product, sku, cartLoading || storeLoading || adding)

  async function addToBag() {
    if (block || !sku) return
    if (!session) {
      onSignIn?.()
      openAuth('login', 'checkout')
      return
    }
    setAdding(true)
    try {
      const message = await addProductToBag(api, session.token, { product_code: code, sku_product: sku })
      // Spec 000 section 2: the cart popup with the product image at 1024 px and wider, a plain
      // message popup below; both hide after 3 s.
      if (isWideScreen()) {
        const chosen = product.variant.find((v) => v.sku_product === sku)
        showCartNotice({
          message,
          product_name: product.product_name,
          ukuran: chosen?.ukuran ?? '',
          price: chosen?.selling_price ?? null,
          image: product.url_image || null,
        })
      } else {
        showMessage(message, 'success')
      }
      await reloadCart(api, { tick: { sku_product: sku } })
    } catch {
      // The API client already shows the server's message.
    } finally {
      setAdding(false)
    }
  }

  async function toggleWishlist() {
    if (!session) {
      onSignIn?.()
      openAuth('login')
      return
    }
    setWishing(true)
    try {
      await setProductWishlist(api, session.token, code, !wished)
      setWish({ code, from: product.is_wishlist, on: !wished })
      showMessage(wished ? 'Remove from My Wishlist' : 'Added to My Wishlist', 'success')
    } catch {
      // The API client already shows the server's message.
    } finally {
      setWishing(false)
    }
  }

  const hint =
    block === 'sold'
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
        <button
          type="button"
          onClick={toggleWishlist}
          disabled={wishing}
          aria-pressed={wished}
          aria-label={
            wished ? t('wishlist.remove', 'Remove from wishlist') : t('wishlist.add', 'Add to wishlist')
          }
          className="grid h-12 w-12 shrink-0 place-items-center border border-neutral-300 text-ink transition-colors hover:border-ink"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-5 w-5"
            fill={wished ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.7 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
          </svg>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="-mt-2 text-xs text-neutral-500">
          {hint}
        </p>
      )}
    </div>
  )
}
