import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductAlerts } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen } from '../../test/render.tsx'
import { ProductPage } from './product-page.tsx'

const product = (draft: boolean) =>
  ({
    product_code: 'KBY-01',
    product_name: 'Kebaya Kartini',
    product_name_alt: '',
    description: '',
    product_lable: '',
    category_menu: '',
    status: 'available',
    thumbnail: 'NORMAL',
    slide_option: 'HORIZONTAL',
    countdown: false,
    end_at: null,
    harga_coret: '',
    judul_related: '',
    related_products: [],
    canonical_product_code: null,
    canonical_product_master_name: null,
    colour_family: null,
    id_brand: 18,
    is_child: false,
    final_sale: false,
    category_ids: [],
    draft,
    variant: [],
    url_media: [],
    is_bundling: false,
    max_bundling: 0,
    limit_qty_bundling: 0,
    bundling_option_1: [],
    bundling_option_2: [],
    bundling_option_3: [],
    bundling_option_4: [],
    bundling_option_5: [],
  }) as unknown as AdminProduct

const alerts: AdminProductAlerts = {
  product_code: 'KBY-01',
  sizes: [{ sku_product: 'KBY-01-M', ukuran: 'M', waiting: 7 }],
  price_drop_waiting: 2,
}

function open(draft: boolean) {
  const calls = fakeStaffApi((call) =>
    call.url === '/products/KBY-01'
      ? product(draft)
      : call.url === '/products/KBY-01/alerts'
        ? alerts
        : call.url === '/brands'
          ? [{ id: 18, name: 'Busana', slug: 'busana', tagline: '', products: 1 }]
          : [],
  )
  renderScreen(
    <Routes>
      <Route path="/products/:code" element={<ProductPage />} />
    </Routes>,
    { path: '/products/KBY-01' },
  )
  return calls
}

describe('ProductPage', () => {
  it('shows who waits for a restock on a published product', async () => {
    open(false)
    const heading = await screen.findByRole('heading', { name: 'Waiting for a restock' })
    const card = heading.closest('section')!
    expect((await within(card).findByRole('rowheader', { name: /^M/ })).nextSibling?.textContent).toBe('7')
    expect(within(card).getByText('Waiting for a price drop').nextSibling?.textContent).toBe('2')
  })

  it('leaves it out for a draft, and does not ask for it', async () => {
    const calls = open(true)
    expect(await screen.findByRole('heading', { name: 'Kebaya Kartini' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Waiting for a restock' })).toBeNull()
    expect(calls.some((call) => call.url.endsWith('/alerts'))).toBe(false)
  })
})
