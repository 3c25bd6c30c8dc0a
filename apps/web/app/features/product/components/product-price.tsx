import { formatIdr, priceDisplay, priceText, type Product } from '@busana/contract'

type PriceFields = Partial<Pick<Product, 'start_price' | 'end_price' | 'selling_price' | 'harga_coret'>>

/**
 * The price rule (docs/product/shopping.md §2): 'Rp a - Rp b' when start_price is not 0; otherwise
 * selling_price with harga_coret struck through when set; '???' when missing. The product page is
 * not a card: IDR in Indonesian format ('Rp 250.000', docs/product/shopping.md §1).
 */
export function ProductPrice({ product, size = 'lg' }: { product: PriceFields; size?: 'lg' | 'md' }) {
  const display = priceDisplay(product)
  const text = size === 'lg' ? 'text-xl' : 'text-lg'
  if (display.kind !== 'single' || display.strike === null) {
    return (
      <p data-testid="product-price" className={`${text} font-medium tracking-tight text-ink`}>
        {priceText(display, formatIdr)}
      </p>
    )
  }
  return (
    <p data-testid="product-price" className={`flex flex-wrap items-baseline gap-x-3 ${text} tracking-tight`}>
      <span className="font-medium text-accent">{formatIdr(display.price)}</span>
      <s data-testid="product-price-strike" className="text-base text-neutral-500">
        {formatIdr(display.strike)}
      </s>
    </p>
  )
}
