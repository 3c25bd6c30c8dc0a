import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminBrand, StaffMe, StockLevel, Warehouse } from '@busana/contract/schemas'
import i18n from '../../lib/i18n.ts'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, renderScreen, testQueryClient, type StaffCall } from '../../test/render.tsx'
import { StockPage } from './stock-page.tsx'

const warehouses: Warehouse[] = [
  { id: 1, name: 'Gudang Jakarta', city: 'Jakarta Pusat', sellable: true, low_stock_at: 3 },
]
const level = (values: Partial<StockLevel>): StockLevel => ({
  sku_product: 'KBY-01-S',
  product_code: 'KBY-01',
  product_name: 'Kebaya Kartini',
  ukuran: 'S',
  id_brand: 9,
  id_warehouse: 1,
  warehouse_name: 'Gudang Jakarta',
  on_hand: 8,
  held: 1,
  available: 7,
  not_for_sale: 0,
  ...values,
})

const brands: AdminBrand[] = [
  { id: 9, name: "Prepp's", slug: 'prepps', tagline: '', products: 12 },
  { id: 5, name: 'Sekar Ayu', slug: 'sekar-ayu', tagline: '', products: 4 },
]

/** The stock page of a merchandiser (reads only) over `rows`. */
function open(rows: StockLevel[]) {
  const calls = fakeStaffApi((call: StaffCall) =>
    call.url === '/warehouses'
      ? warehouses
      : call.url === '/brands'
        ? brands
        : new Response(JSON.stringify({ status: true, message: 'ok', data: rows, total_pages: 1 }), {
            headers: { 'content-type': 'application/json' },
          }),
  )
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 1, email: 'merch@busana.test', role: 'merchandiser' } as StaffMe)
  renderScreen(<StockPage />, { path: '/stock', queryClient })
  return calls
}

const rowOf = async (sku: string) => (await screen.findByText(sku)).closest('tr')!

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('StockPage', () => {
  it('shows the units returned defective beneath on hand, only where there are some', async () => {
    open([
      level({ sku_product: 'KBY-01-S', not_for_sale: 2 }),
      level({ sku_product: 'KBY-01-M', ukuran: 'M', not_for_sale: 0 }),
    ])
    expect(within(await rowOf('KBY-01-S')).getByText('Not for sale: 2')).toBeTruthy()
    expect(within(await rowOf('KBY-01-M')).queryByText(/Not for sale/)).toBeNull()
  })

  it('names each row’s brand, and the brands in the filter with their ids (issue 43)', async () => {
    const user = userEvent.setup()
    const calls = open([level({}), level({ sku_product: 'SKR-02-M', product_code: 'SKR-02', id_brand: 5 })])
    expect(await within(await rowOf('KBY-01-S')).findByText("KBY-01 · Prepp's")).toBeTruthy()
    expect(within(await rowOf('SKR-02-M')).getByText('SKR-02 · Sekar Ayu')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Brand'), 'Sekar Ayu (5)')
    await waitFor(() => expect(calls.at(-1)!.url).toMatch(/^\/stock\?id_brand=5&/))
  })

  it('says it in Indonesian', async () => {
    await i18n.changeLanguage('id')
    open([level({ not_for_sale: 1 })])
    expect(within(await rowOf('KBY-01-S')).getByText('Tidak untuk dijual: 1')).toBeTruthy()
  })
})
