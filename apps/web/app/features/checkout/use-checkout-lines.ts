import { useEffect, useState } from 'react'
import type { CartLine } from '@busana/contract'
import { commerceOf, trackLater } from '~/lib/track-later.ts'
import { checkedLines } from '~/shared/bag/bag.rules.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'

/**
 * The lines this checkout takes: the ticked ones, frozen once the bag has arrived, so the page checks
 * out what the shopper ticked even while the bag refreshes. Null until the bag is loaded.
 */
export function useCheckoutLines(): CartLine[] | null {
  const bagLines = useCartStore((s) => s.lines)
  const flags = useCartStore((s) => s.checked)
  const bagLoaded = useCartStore((s) => s.loaded)
  const [lines, setLines] = useState<CartLine[] | null>(null)
  useEffect(() => {
    if (lines === null && bagLoaded) setLines(checkedLines(bagLines, flags))
  }, [lines, bagLoaded, bagLines, flags])
  // Analytics begin_checkout (decision 034): once, for the lines this checkout took.
  useEffect(() => {
    if (!lines?.length) return
    trackLater({
      name: 'begin_checkout',
      params: commerceOf(
        lines.map((line) => ({
          item_id: line.product_code,
          item_name: line.product_name,
          item_variant: line.sku_product,
          price: line.price,
          quantity: Number(line.qty) || 1,
        })),
      ),
    })
  }, [lines])
  return lines
}
