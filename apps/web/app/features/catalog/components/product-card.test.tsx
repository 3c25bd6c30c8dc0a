import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWithApp } from '~/lib/test-utils.tsx'
import { cardFixture } from '../catalog.fixtures.ts'
import { ProductCard } from './product-card.tsx'

const sale = cardFixture({ product_lable: 'ON-SALE', selling_price: 119_000, harga_coret: '259000' })

describe('product card names (issue 29)', () => {
  it('reads a sale price as one sentence and a sold-out size as sold out', async () => {
    renderWithApp(<ProductCard product={sale} />)
    const link = await screen.findByRole('link', { name: /Linen Shirt BSN-001/ })
    expect(link.getAttribute('aria-label')).toBeNull()
    expect(screen.getByText('Rp. 119,000, was Rp. 259,000').className).toBe('sr-only')
    // The visible parts keep their test id and words, hidden from the screen reader.
    expect(screen.getByTestId('product-price').textContent).toBe('Rp. 119,000')
    expect(screen.getByTestId('product-price').getAttribute('aria-hidden')).toBe('true')
    const sizes = screen.getByRole('list', { name: 'Sizes' })
    expect(
      [...sizes.querySelectorAll('li')].map(
        (li) => li.querySelector('.sr-only')?.textContent ?? li.textContent,
      ),
    ).toEqual(['S', 'M (sold out)'])
  })

  it('reads a range with "to", and in Indonesian', async () => {
    const range = cardFixture({ start_price: 150_000, end_price: 250_000 })
    renderWithApp(<ProductCard product={range} />, { lng: 'id' })
    expect((await screen.findByText('Rp. 150,000 sampai Rp. 250,000')).className).toBe('sr-only')
    expect(screen.getByText('M (habis)').className).toBe('sr-only')
  })

  it('leaves a single price as it is shown', async () => {
    renderWithApp(<ProductCard product={cardFixture()} />)
    const price = await screen.findByTestId('product-price')
    expect(price.textContent).toBe('Rp. 250,000')
    expect(price.getAttribute('aria-hidden')).toBeNull()
  })
})
