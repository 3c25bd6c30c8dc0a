import type { ApiClient } from '~/lib/api-client.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { isWideScreen } from '~/lib/use-hydrated.ts'
import { commerceOf, trackLater } from '~/lib/track-later.ts'
import type { BagItem } from './bag.api.ts'
import { addedLine, type AddedItem } from './bag.rules.ts'
import { reloadCart, tickAddedLine, useCartStore, type CartNotice } from './cart-store.ts'

export interface AddToBag {
  api: ApiClient
  token: string
  item: BagItem
  /** What the cart popup shows of the added product (its message is the server's). */
  notice: Omit<CartNotice, 'id' | 'message'>
  /** Runs before the add and throws to stop it (the bundle's check, POST /api/v1/orders/add_to_cart). */
  check?: () => Promise<void>
  /** Shown when the server answers without a message. */
  fallbackMessage?: string
  /** Refreshes the bag afterwards; the signed-in session's bag by default. */
  refresh?: () => unknown
}

/**
 * The one Add to bag of the storefront (product page, quick view, bundle panel): sends the item,
 * confirms with the server's message (docs/product/shopping.md §2: the cart popup with the product image at
 * 1024 px and wider, a plain message popup below), then ticks the line the item went to (it may have
 * been there, unticked). The add answers with the whole bag, which the cart store takes; the bag is
 * fetched again only when the answer has none. Throws what the calls throw (ApiErrors are already
 * shown by the API client). `refreshed` settles once the bag is refreshed and the line ticked.
 */
export async function addToBag(add: AddToBag): Promise<{ message: string; refreshed: Promise<void> }> {
  await add.check?.()
  const { message: said, lines } = await useCartStore.getState().add(add.api, add.token, add.item)
  const message = said || (add.fallbackMessage ?? '')
  if (isWideScreen()) useCartStore.getState().showNotice({ ...add.notice, message })
  else useOverlayStore.getState().showMessage(message, 'success')
  const { product_code, sku_product } = add.item
  // Analytics add_to_cart (decision 034), a bundle as its bundle product: the line's unit price.
  trackLater(() => {
    const line = lines?.find((l) =>
      typeof sku_product === 'string' ? l.sku_product === sku_product : l.product_code === product_code,
    )
    const price = line?.price ?? add.notice.price ?? 0
    return {
      name: 'add_to_cart',
      params: commerceOf([
        {
          item_id: product_code,
          item_name: line?.product_name ?? add.notice.product_name,
          item_variant: typeof sku_product === 'string' ? sku_product : line?.sku_product,
          price,
          quantity: 1,
        },
      ]),
    }
  })
  const tick: AddedItem =
    typeof sku_product === 'string' ? { sku_product } : { product_code, bundling: sku_product }
  // The caller's own refresh still runs (the bundle panel's onAdded); the line is ticked after it.
  // A load that started meanwhile (the bag of a session just signed in, issue 26 item 12) drops the
  // add's answer and may have read the bag before the add: without the line, the bag is read again.
  const refreshed =
    lines || add.refresh
      ? Promise.resolve()
          .then(add.refresh)
          .catch(() => undefined)
          .then(() =>
            addedLine(useCartStore.getState().lines, tick)
              ? tickAddedLine(tick)
              : reloadCart(add.api, { tick }),
          )
      : reloadCart(add.api, { tick })
  return { message, refreshed }
}
