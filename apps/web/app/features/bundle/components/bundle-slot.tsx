import { useId } from 'react'
import type { BundleOption, Variant } from '@busana/contract'
import { isBuyable } from '@busana/contract'
import { isVariantPickable, type BundleSlot } from '../bundle.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

const FALLBACK_IMAGE = '/media/fallback.svg'

/**
 * One slot of the bundle panel: the chosen piece's picture, a product chooser (sold and coming-soon
 * products disabled), size buttons (only available sizes clickable) and the quantity with minus and plus.
 */
export function BundleSlotView({
  slot,
  index,
  chooserDisabled,
  busy,
  minusEnabled,
  plusEnabled,
  onChoose,
  onPickSize,
  onMinus,
  onPlus,
}: {
  slot: BundleSlot
  /** Position from 1, for the label. */
  index: number
  /** The bundle itself cannot be bought: nothing in the slot can change. */
  chooserDisabled: boolean
  /** A stock check for this slot is under way. */
  busy: boolean
  minusEnabled: boolean
  plusEnabled: boolean
  onChoose: (option: BundleOption | null) => void
  onPickSize: (variant: Variant) => void
  onMinus: () => void
  onPlus: () => void
}) {
  const t = useNamespaceT('bundle')
  const titleId = useId()
  const sizesId = useId()
  const chosen = slot.options.find((o) => o.product_code === slot.product_code) ?? null
  const image = chosen?.url_image || null
  const locked = chooserDisabled || busy

  return (
    <li className="list-none">
      <div
        role="group"
        aria-labelledby={titleId}
        aria-busy={busy}
        data-testid="bundle-slot"
        className={`flex gap-3 border bg-white p-3 transition-colors sm:gap-4 ${
          slot.qty > 0 ? 'border-ink/70' : 'border-neutral-200'
        }`}
      >
        <div className="relative aspect-[3/4] w-16 shrink-0 overflow-hidden bg-neutral-100 sm:w-[72px]">
          {image ? (
            <img
              src={image}
              alt=""
              width={72}
              height={96}
              loading="lazy"
              decoding="async"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE))
                  event.currentTarget.src = FALLBACK_IMAGE
              }}
              className="size-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-full place-items-center text-lg font-light text-neutral-400"
            >
              {index}
            </span>
          )}
        </div>

        <div className="min-w-0 flex-1 space-y-2.5">
          <div className="flex items-center justify-between gap-2">
            <p id={titleId} className="text-[11px] font-semibold tracking-[0.14em] text-ink uppercase">
              {t('item', 'Item {{n}}', { n: index })}
            </p>
            <div className="flex items-center border border-neutral-300">
              <button
                type="button"
                onClick={onMinus}
                disabled={!minusEnabled || locked}
                aria-label={t('decrease', 'Decrease quantity')}
                className="grid h-8 w-8 place-items-center text-base text-ink transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent"
              >
                <span aria-hidden="true">−</span>
              </button>
              <output
                aria-label={t('qty', 'Quantity')}
                data-testid="bundle-slot-qty"
                className="w-7 text-center text-sm tabular-nums text-ink"
              >
                {slot.qty}
              </output>
              <button
                type="button"
                onClick={onPlus}
                disabled={!plusEnabled || locked}
                aria-label={t('increase', 'Increase quantity')}
                className="grid h-8 w-8 place-items-center text-base text-ink transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent"
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
          </div>

          <div className="relative">
            <select
              aria-label={t('product', 'Product')}
              value={slot.product_code ?? ''}
              disabled={locked}
              onChange={(event) =>
                onChoose(slot.options.find((o) => o.product_code === event.target.value) ?? null)
              }
              className="h-10 w-full cursor-pointer appearance-none truncate border border-neutral-300 bg-white pr-9 pl-3 text-sm text-ink transition-colors hover:border-ink focus:border-ink focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-400"
            >
              <option value="">{t('choose', 'Choose a product')}</option>
              {slot.options.map((option) => {
                const selectable = isBuyable(option)
                const note =
                  option.status === 'sold'
                    ? t('soldOut', 'Sold out')
                    : option.product_lable === 'COMING-SOON'
                      ? t('comingSoon', 'Coming soon')
                      : null
                return (
                  <option key={option.product_code} value={option.product_code} disabled={!selectable}>
                    {note ? `${option.product_name} (${note})` : option.product_name}
                  </option>
                )
              })}
            </select>
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-neutral-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </div>

          {slot.variantList.length > 0 && (
            <div>
              <p id={sizesId} className="sr-only">
                {t('size', 'Size')}
              </p>
              {/* A radio group, as the product page's sizes (issue 29, decision 049): one tab stop, the
                  arrows move to the next pickable size. */}
              <div role="radiogroup" aria-labelledby={sizesId} className="flex flex-wrap gap-1.5">
                {slot.variantList.map((variant) => {
                  const pickable = isVariantPickable(variant)
                  const checked = slot.variant?.sku_product === variant.sku_product
                  return (
                    <label
                      key={variant.sku_product}
                      title={pickable ? undefined : t('soldOut', 'Sold out')}
                      className={`relative min-w-10 border px-2.5 py-1.5 text-center text-xs transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink ${
                        !pickable
                          ? 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400 line-through'
                          : checked
                            ? 'cursor-pointer border-ink bg-ink text-white'
                            : `border-neutral-300 bg-white text-ink hover:border-ink ${locked ? 'cursor-wait' : 'cursor-pointer'}`
                      }`}
                    >
                      <input
                        type="radio"
                        name={sizesId}
                        value={variant.sku_product}
                        checked={checked}
                        disabled={!pickable || locked}
                        aria-disabled={pickable ? undefined : true}
                        onChange={() => onPickSize(variant)}
                        // Invisible over the whole box, so a click or tap lands on the radio itself.
                        className="absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
                      />
                      {pickable ? (
                        variant.ukuran
                      ) : (
                        <>
                          <span aria-hidden="true">{variant.ukuran}</span>
                          <span className="sr-only">
                            {t('soldOutSize', '{{size}}, sold out', { size: variant.ukuran })}
                          </span>
                        </>
                      )}
                    </label>
                  )
                })}
              </div>
            </div>
          )}
        </div>
      </div>
    </li>
  )
}
