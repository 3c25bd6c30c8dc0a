import { useEffect, useId, useRef } from 'react'
import type { Product } from '@busana/contract'
import { isSizePickable } from '../purchase.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/**
 * One radio per variant, in a radio group named 'Size' (issue 29). A size can be bought only when both
 * the size and the product are available; the others are crossed out and named as sold out
 * (docs/product/shopping.md §4), yet can still be chosen: the purchase panel then offers "Tell me when
 * it's back" instead of Add to bag (issue 42). The radios are native, invisible over their labels'
 * boxes: the browser gives the group one tab stop (the checked size, else the first one) and arrow
 * keys that move to and pick the next or previous size, wrapping.
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
  // One group per picker: the quick view's radios must not join the page's.
  const name = useId()
  const groupRef = useRef<HTMLDivElement>(null)
  // A size picked in the server's page before its code arrived is checked in the page but not yet
  // in the state: it counts, so Add to bag is ready without picking it again.
  const selectRef = useRef(onSelect)
  selectRef.current = onSelect
  useEffect(() => {
    const picked = groupRef.current?.querySelector<HTMLInputElement>('input:checked:not(:disabled)')
    if (picked && picked.value !== selectedSku) selectRef.current(picked.value)
    // Once, after hydration: later picks arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (product.variant.length === 0) return null
  const chosen = product.variant.find((v) => v.sku_product === selectedSku)
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <p className="text-xs font-semibold tracking-[0.14em] text-ink uppercase">
          <span id={labelId}>{t('size.label', 'Size')}</span>
          {chosen && (
            <span
              aria-hidden="true"
              className="ml-2 font-normal tracking-normal text-neutral-500 normal-case"
            >
              {chosen.ukuran}
            </span>
          )}
        </p>
      </div>
      <div ref={groupRef} role="radiogroup" aria-labelledby={labelId} className="mt-3 flex flex-wrap gap-2">
        {product.variant.map((variant) => {
          const pickable = isSizePickable(product, variant)
          const checked = variant.sku_product === selectedSku
          // A sold-out size stays crossed out when chosen; the ink border says it is the chosen one.
          return (
            <label
              key={variant.sku_product}
              title={pickable ? undefined : t('size.soldOut', 'Sold out')}
              className={`relative min-w-12 border px-3 py-2.5 text-center text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink ${
                !pickable
                  ? checked
                    ? 'cursor-pointer border-ink bg-neutral-50 text-neutral-500 line-through'
                    : 'cursor-pointer border-neutral-200 bg-neutral-50 text-neutral-400 line-through hover:border-neutral-400'
                  : checked
                    ? 'cursor-pointer border-ink bg-ink text-white'
                    : 'cursor-pointer border-neutral-300 bg-white text-ink hover:border-ink'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={variant.sku_product}
                checked={checked}
                onChange={() => onSelect(variant.sku_product)}
                // Invisible over the whole box, so a click or tap lands on the radio itself.
                className="absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
              />
              {pickable ? (
                variant.ukuran
              ) : (
                <>
                  <span aria-hidden="true">{variant.ukuran}</span>
                  <span className="sr-only">
                    {t('size.soldOutName', '{{size}}, sold out', { size: variant.ukuran })}
                  </span>
                </>
              )}
            </label>
          )
        })}
      </div>
    </div>
  )
}
