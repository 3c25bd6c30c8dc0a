import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import {
  formatRp,
  priceDisplay,
  priceText,
  productBadge,
  productPath,
  type Badge,
  type CardView,
} from '@busana/contract'
import { usePriceLabel } from '~/components/ui/price-label.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { isWideScreen, useNow } from '~/lib/use-hydrated.ts'

/** Shown when a product image fails to load. */
export const FALLBACK_IMAGE = '/media/fallback.svg'

const badgeClass: Record<Badge, string> = {
  'ON SALE': 'bg-accent text-white',
  'COMING SOON': 'bg-ink text-white',
  'OUT OF STOCK': 'bg-white/90 text-neutral-600',
  'PRE ORDER': 'bg-white/90 text-ink',
}

export interface ProductCardProps {
  product: CardView
  /** The `sizes` attribute of the image (the card's rendered width). */
  imageSizes?: string
  /** Load the image eagerly (cards in the first screenful). */
  priority?: boolean
  /** Show the size list (default true). */
  showSizes?: boolean
  className?: string
}

/** Only a plain left click is intercepted; middle, modified and keyboard-with-modifier clicks keep the link. */
function isPlainLeftClick(event: MouseEvent) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  )
}

/**
 * A product in a list or grid: image (3:4, lazy, default image on error), badge, name, price and
 * sizes. It links to the product page; at 1024 px and wider a plain click opens the quick view.
 */
export function ProductCard({
  product,
  imageSizes = '(min-width: 1024px) 20vw, 45vw',
  priority = false,
  showSizes = true,
  className = '',
}: ProductCardProps) {
  const { t } = useTranslation()
  const now = useNow()
  const badge = productBadge(product, now)
  const display = priceDisplay(product)
  const strike = display.kind === 'single' ? display.strike : null
  // One sentence for a screen reader in place of the visible parts (issue 29).
  const priceLabel = usePriceLabel()(display, formatRp)
  const [src, setSrc] = useState(product.url_image || FALLBACK_IMAGE)
  const imageRef = useRef<HTMLImageElement>(null)
  const soldOut = product.status === 'sold'

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const image = imageRef.current
    if (image && image.complete && image.naturalWidth === 0 && image.getAttribute('src') !== FALLBACK_IMAGE) {
      setSrc(FALLBACK_IMAGE)
    }
  }, [])

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event) || !isWideScreen()) return
    event.preventDefault()
    useOverlayStore.getState().openQuickView(product.product_code)
  }

  return (
    <TrackedLink
      to={productPath(product)}
      onClick={onClick}
      className={className ? `group relative block ${className}` : 'group relative block'}
      data-testid="product-card"
      data-product-code={product.product_code}
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-neutral-100">
        <img
          ref={imageRef}
          src={src}
          alt={product.product_name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          sizes={imageSizes}
          width={600}
          height={800}
          onError={() => setSrc((current) => (current === FALLBACK_IMAGE ? current : FALLBACK_IMAGE))}
          className={soldOut ? 'card-img opacity-60' : 'card-img'}
        />
        {badge && (
          <span
            data-testid="product-badge"
            className={`absolute left-2 top-2 px-2 py-1 text-[10px] font-semibold uppercase leading-none tracking-[0.14em] ${badgeClass[badge]}`}
          >
            {t(`product.badge.${badge}`)}
          </span>
        )}
      </div>
      <div className="pt-3">
        <h3 className="card-name">{product.product_name}</h3>
        <p className="card-price">
          {priceLabel !== null && <span className="sr-only">{priceLabel}</span>}
          {strike !== null && (
            <s aria-hidden="true" className="font-normal text-neutral-500">
              {formatRp(strike)}
            </s>
          )}
          <span
            aria-hidden={priceLabel !== null || undefined}
            className={strike !== null ? 'text-accent' : undefined}
            data-testid="product-price"
          >
            {priceText(display)}
          </span>
        </p>
        {showSizes && product.variant.length > 0 && (
          <ul aria-label={t('product.sizes')} className="card-sizes">
            {product.variant.map((variant) => {
              const sold = soldOut || variant.status_variant === 'sold'
              return (
                <li key={variant.sku_product} className={sold ? 'text-neutral-500 line-through' : undefined}>
                  {sold ? (
                    <>
                      <span aria-hidden="true">{variant.ukuran}</span>
                      <span className="sr-only">{t('product.soldOutSize', { size: variant.ukuran })}</span>
                    </>
                  ) : (
                    variant.ukuran
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </TrackedLink>
  )
}
