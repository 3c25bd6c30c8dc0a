import { formatIdr, priceDisplay, priceText, type Product } from '@busana/contract'
import { usePriceLabel } from '~/components/ui/price-label.ts'

type PriceFields = Partial<Pick<Product, 'start_price' | 'end_price' | 'selling_price' | 'harga_coret'>>

/**
 * The price rule (docs/product/shopping.md §2): 'Rp a - Rp b' when start_price is not 0; otherwise
 * selling_price with harga_coret struck through when set; '???' when missing. The product page is
 * not a card: IDR in Indonesian format ('Rp 250.000', docs/product/shopping.md §1). A screen reader
 * hears one sentence instead of the visible parts ('Rp 119.000, was Rp 259.000', issue 29).
 */
export function ProductPrice({ product, size = 'lg' }: { product: PriceFields; size?: 'lg' | 'md' }) {
  const display = priceDisplay(product)
  const label = usePriceLabel()(display, formatIdr)
  const text = size === 'lg' ? 'text-xl' : 'text-lg'
  const spoken = label !== null && <span className="sr-only">{label}</span>
  if (display.kind !== 'single' || display.strike === null) {
    return (
      <p data-testid="product-price" className={`${text} font-medium tracking-tight text-ink`}>
        {spoken}
        <span aria-hidden={label !== null || undefined}>{priceText(display, formatIdr)}</span>
      </p>
    )
  }
  return (
    <p data-testid="product-price" className={`flex flex-wrap items-baseline gap-x-3 ${text} tracking-tight`}>
      {spoken}
      <span aria-hidden="true" className="font-medium text-accent">
        {formatIdr(display.price)}
      </span>
      <s aria-hidden="true" data-testid="product-price-strike" className="text-base text-neutral-500">
        {formatIdr(display.strike)}
      </s>
    </p>
  )
}
