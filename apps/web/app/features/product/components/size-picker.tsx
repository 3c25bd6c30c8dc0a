import { useId } from 'react'
import type { Product } from '@busana/contract'
import { isSizePickable } from '../purchase.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/**
 * One button per variant. A size can be picked only when both the size and the product are available;
 * the others are crossed out and disabled (docs/product/shopping.md §4).
 */
export function SizePicker({
  product,
  selectedSku,
  onSelect,
}: {
  product: Pick<Product, 'status' | 'variant'>
  selectedSku: string | null
  onSelect: (sku: string) => void
}) {
  const t = useNamespaceT('product')
  const labelId = useId()
  if (product.variant.length === 0) return null
  const chosen = product.variant.find((v) => v.sku_product === selectedSku)
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <p id={labelId} className="text-xs font-semibold tracking-[0.14em] text-ink uppercase">
          {t('size.label', 'Size')}
          {chosen && (
            <span className="ml-2 font-normal tracking-normal text-neutral-500 normal-case">
              {chosen.ukuran}
            </span>
          )}
        </p>
      </div>
      <div role="group" aria-labelledby={labelId} className="mt-3 flex flex-wrap gap-2">
        {product.variant.map((variant) => {
          const pickable = isSizePickable(product, variant)
          const pressed = variant.sku_product === selectedSku
          return (
            <button
              key={variant.sku_product}
              type="button"
              aria-pressed={pressed}
              disabled={!pickable}
              title={pickable ? undefined : t('size.soldOut', 'Sold out')}
              onClick={() => onSelect(variant.sku_product)}
              className={`min-w-12 border px-3 py-2.5 text-sm transition-colors ${
                !pickable
                  ? 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400 line-through'
                  : pressed
                    ? 'border-ink bg-ink text-white'
                    : 'cursor-pointer border-neutral-300 bg-white text-ink hover:border-ink'
              }`}
            >
              {variant.ukuran}
            </button>
          )
        })}
      </div>
    </div>
  )
}
