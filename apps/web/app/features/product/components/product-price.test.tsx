import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWithI18n } from '../product.test-utils'
import { ProductPrice } from './product-price'

const price = () => screen.getByTestId('product-price')

describe('product price', () => {
  it('shows a range when start_price is not 0', () => {
    renderWithI18n(
      <ProductPrice
        product={{ start_price: 150_000, end_price: 250_000, selling_price: 150_000, harga_coret: '300000' }}
      />,
    )
    expect(price().textContent).toBe('Rp 150.000 - Rp 250.000')
    expect(screen.queryByTestId('product-price-strike')).toBeNull()
  })

  it('shows the selling price with the old price struck through', () => {
    renderWithI18n(
      <ProductPrice
        product={{ start_price: 0, end_price: 0, selling_price: 199_000, harga_coret: '299000' }}
      />,
    )
    expect(price().textContent).toContain('Rp 199.000')
    expect(screen.getByTestId('product-price-strike').tagName).toBe('S')
    expect(screen.getByTestId('product-price-strike').textContent).toBe('Rp 299.000')
  })

  it("has no struck-through price when harga_coret is '0' or empty", () => {
    const { rerender } = renderWithI18n(
      <ProductPrice product={{ start_price: 0, end_price: 0, selling_price: 199_000, harga_coret: '0' }} />,
    )
    expect(price().textContent).toBe('Rp 199.000')
    rerender(
      <ProductPrice product={{ start_price: 0, end_price: 0, selling_price: 199_000, harga_coret: '' }} />,
    )
    expect(screen.queryByTestId('product-price-strike')).toBeNull()
  })

  it("shows '???' when the price is missing", () => {
    renderWithI18n(<ProductPrice product={{ start_price: 0 }} />)
    expect(price().textContent).toBe('???')
  })
})
