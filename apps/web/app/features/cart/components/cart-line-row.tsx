import { formatIdr, productPath } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import type { CartLine } from '~/shared/bag/bag.api.ts'
import { canDecrease, canIncrease, lineQty } from '~/shared/bag/bag.rules.ts'

// The storefront's default product picture (docs/product/shopping.md §2: a failed image falls back to it).
const FALLBACK_IMAGE = '/media/fallback.svg'

export interface CartLineRowProps {
  line: CartLine
  checked: boolean
  /** Bag calls are under way: plus waits for all of them (docs/product/shopping.md §2). */
  loading: boolean
  /** A change of this line is under way: minus waits for it (it sends a quantity computed from the one shown). */
  busy?: boolean
  /** The quick drawer's smaller row. */
  compact?: boolean
  onCheckedChange(checked: boolean): void
  onQtyChange(qty: number): void
  onRemove(): void
  /** Called when the shopper follows the product link (the drawer closes). */
  onNavigate?: () => void
}

/**
 * One bag row (docs/product/shopping.md §2, Shopping bag): checkbox, image, name, brand, price, size, bundle
 * contents ('name, size x qty'), minus, plus and remove. Unchecked rows are dimmed; minus is disabled
 * at 1 and while this line's change is under way; plus while any bag call is and at the line's stock
 * limit; a line that can no longer be bought says so.
 */
export function CartLineRow({
  line,
  checked,
  loading,
  busy = false,
  compact = false,
  onCheckedChange,
  onQtyChange,
  onRemove,
  onNavigate,
}: CartLineRowProps) {
  const { t } = useTranslation('cart')
  const qty = lineQty(line)
  const name = line.product_name
  const image = line.url_image[0] || FALLBACK_IMAGE
  const href = productPath(line)
  const short = line.available && qty > line.max_qty
  const bundle = line.bundling?.length ? line.bundling : null

  return (
    <li
      data-testid="cart-line"
      data-line-id={line.id_line}
      data-checked={checked}
      className={`flex gap-3 py-4 ${compact ? '' : 'sm:gap-4 lg:py-5'}`}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-ink"
        checked={checked}
        disabled={!line.available}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-label={t('selectLine', { name })}
      />
      <div
        className={`flex min-w-0 flex-1 gap-3 transition-opacity ${compact ? '' : 'sm:gap-4'} ${checked ? '' : 'opacity-50'}`}
      >
        <TrackedLink to={href} onClick={onNavigate} className="shrink-0" tabIndex={-1} aria-hidden="true">
          <img
            src={image}
            alt=""
            loading="lazy"
            className={`aspect-[3/4] bg-neutral-100 object-cover ${compact ? 'w-16' : 'w-20 lg:w-24'}`}
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) event.currentTarget.src = FALLBACK_IMAGE
            }}
          />
        </TrackedLink>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-[10px] font-medium uppercase tracking-[0.18em] text-neutral-500">
            {line.brand_name}
          </p>
          <TrackedLink
            to={href}
            onClick={onNavigate}
            className={`line-clamp-2 font-medium text-ink hover:underline ${compact ? 'text-xs' : 'text-sm'}`}
          >
            {name}
          </TrackedLink>
          <p className={`font-medium text-ink ${compact ? 'text-xs' : 'text-sm'}`}>{formatIdr(line.price)}</p>
          {line.ukuran && !bundle && (
            <p className="text-xs text-neutral-600">{t('size', { size: line.ukuran })}</p>
          )}
          {bundle && (
            <ul aria-label={t('bundleContents')} className="space-y-0.5 text-xs text-neutral-600">
              {bundle.map((item) => (
                <li key={item.sku_product}>
                  {t('bundleItem', { name: item.name, size: item.ukuran, qty: item.qty })}
                </li>
              ))}
            </ul>
          )}
          {!line.available && <p className="text-xs font-medium text-accent">{t('unavailable')}</p>}
          {short && (
            <p className="text-xs font-medium text-accent">{t('onlyLeft', { count: line.max_qty })}</p>
          )}
          <div className="mt-auto flex items-center justify-between gap-3 pt-2">
            <div
              role="group"
              aria-label={t('quantity')}
              className="inline-flex h-8 items-center border border-neutral-300"
            >
              <button
                type="button"
                className="grid h-full w-8 place-items-center text-base disabled:text-neutral-300"
                disabled={!canDecrease(line, busy)}
                onClick={() => onQtyChange(qty - 1)}
                aria-label={t('decrease', { name })}
              >
                −
              </button>
              <span
                data-testid="line-qty"
                aria-live="polite"
                className="min-w-8 text-center text-sm tabular-nums"
              >
                {qty}
              </span>
              <button
                type="button"
                className="grid h-full w-8 place-items-center text-base disabled:text-neutral-300"
                disabled={!canIncrease(line, loading)}
                onClick={() => onQtyChange(qty + 1)}
                aria-label={t('increase', { name })}
              >
                +
              </button>
            </div>
            <button
              type="button"
              onClick={onRemove}
              aria-label={t('remove', { name })}
              className="text-[11px] font-medium uppercase tracking-[0.16em] text-neutral-500 underline-offset-4 hover:text-ink hover:underline"
            >
              {t('removeShort')}
            </button>
          </div>
        </div>
      </div>
    </li>
  )
}
