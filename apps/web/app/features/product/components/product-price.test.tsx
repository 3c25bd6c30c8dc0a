import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n } from '~/lib/i18n'
import enCommon from '~/locales/en/common.json'
import idCommon from '~/locales/id/common.json'
import { ProductPrice } from './product-price'

type Props = Parameters<typeof ProductPrice>[0]['product']

/** Renders with the shell's words (common) in `lng`, as every page has them. */
function renderPrice(product: Props, lng: 'en' | 'id' = 'en') {
  const i18n = createI18n(lng, { en: { common: enCommon }, id: { common: idCommon } }, { load: false })
  return render(<ProductPrice product={product} />, {
    wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  })
}

const price = () => screen.getByTestId('product-price')
/** What a screen reader reads of the price: its text without the parts hidden from it. */
const spoken = () =>
  [...price().childNodes]
    .filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'))
    .map((n) => n.textContent)
    .join('')
/** What the eye sees: its text without the visually hidden sentence. */
const seen = () =>
  [...price().childNodes]
    .filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only')))
    .map((n) => n.textContent)
    .join(' ')

const RANGE = { start_price: 150_000, end_price: 250_000, selling_price: 150_000, harga_coret: '300000' }
const SALE = { start_price: 0, end_price: 0, selling_price: 199_000, harga_coret: '299000' }

describe('product price', () => {
  it('shows a range when start_price is not 0, read as "a to b"', () => {
    renderPrice(RANGE)
    expect(seen()).toBe('Rp 150.000 - Rp 250.000')
    expect(spoken()).toBe('Rp 150.000 to Rp 250.000')
    expect(screen.queryByTestId('product-price-strike')).toBeNull()
  })

  it('shows the selling price with the old price struck through, read as "price, was old price"', () => {
    renderPrice(SALE)
    expect(price().textContent).toContain('Rp 199.000')
    expect(screen.getByTestId('product-price-strike').tagName).toBe('S')
    expect(screen.getByTestId('product-price-strike').textContent).toBe('Rp 299.000')
    expect(seen()).toBe('Rp 199.000 Rp 299.000')
    expect(spoken()).toBe('Rp 199.000, was Rp 299.000')
  })

  it('reads the same in Indonesian', () => {
    const { unmount } = renderPrice(SALE, 'id')
    expect(spoken()).toBe('Rp 199.000, sebelumnya Rp 299.000')
    unmount()
    renderPrice(RANGE, 'id')
    expect(spoken()).toBe('Rp 150.000 sampai Rp 250.000')
  })

  it("has no struck-through price when harga_coret is '0' or empty, and reads the price as shown", () => {
    const { rerender } = renderPrice({
      start_price: 0,
      end_price: 0,
      selling_price: 199_000,
      harga_coret: '0',
    })
    expect(price().textContent).toBe('Rp 199.000')
    expect(spoken()).toBe('Rp 199.000')
    rerender(
      <ProductPrice product={{ start_price: 0, end_price: 0, selling_price: 199_000, harga_coret: '' }} />,
    )
    expect(screen.queryByTestId('product-price-strike')).toBeNull()
  })

  it("shows '???' when the price is missing, read as not available", () => {
    renderPrice({ start_price: 0 })
    expect(seen()).toBe('???')
    expect(spoken()).toBe('Price not available')
  })
})
