import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminProduct } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen } from '../../test/render.tsx'
import { ProductDetailsForm } from './product-details-form.tsx'
import { BundleCard } from './bundle-card.tsx'

const product = {
  product_code: 'KBY-01',
  product_name: 'Kebaya Kartini',
  product_name_alt: '',
  description: '<p>Brokat</p>',
  description_without_tags: 'Brokat',
  product_lable: '',
  category_menu: '',
  status: 'available',
  thumbnail: 'NORMAL',
  slide_option: 'HORIZONTAL',
  countdown: true,
  end_at: '2026-12-01T20:00:00+07:00',
  harga_coret: '',
  judul_related: '',
  related_products: ['KBY-02'],
  canonical_product_code: null,
  canonical_product_master_name: null,
  id_brand: 18,
  is_child: false,
  final_sale: false,
  category_ids: [3],
  is_bundling: false,
  max_bundling: 0,
  limit_qty_bundling: 0,
  bundling_option_1: [],
  bundling_option_2: [],
  bundling_option_3: [],
  bundling_option_4: [],
  bundling_option_5: [],
} as unknown as AdminProduct

const reads = (call: { url: string }) =>
  call.url === '/brands'
    ? [{ id: 18, name: 'Busana', slug: 'busana', tagline: '', products: 1 }]
    : call.url.startsWith('/categories')
      ? [{ id: 3, name: 'kebaya', title: 'Kebaya', products: 1 }]
      : product
const changes = (calls: ReturnType<typeof fakeStaffApi>) => calls.filter((call) => call.method !== 'GET')

describe('ProductDetailsForm', () => {
  it("shows the countdown's end on the shop's clock and sends it back as typed, with numbers and lists", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(reads)
    renderScreen(<ProductDetailsForm product={product} />)
    const endAt = screen.getByLabelText('Ends at (WIB, UTC+7)') as HTMLInputElement
    expect(endAt.value).toBe('2026-12-01T20:00')
    expect((screen.getByLabelText('Struck-through price (Rp)') as HTMLInputElement).value).toBe('0')
    await user.clear(screen.getByLabelText('Struck-through price (Rp)'))
    await user.type(screen.getByLabelText('Struck-through price (Rp)'), '450000')
    await user.type(screen.getByLabelText('Related products'), ', KBY-03')
    await screen.findByRole('checkbox', { name: /Kebaya/ })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes(calls)).toHaveLength(1))
    expect(changes(calls)[0]).toMatchObject({
      method: 'PATCH',
      url: '/products/KBY-01',
      body: expect.objectContaining({
        end_at: '2026-12-01T20:00',
        harga_coret: 450000,
        related_products: ['KBY-02', 'KBY-03'],
        canonical_product_code: null,
        id_brand: 18,
        category_ids: [3],
        countdown: true,
      }),
    })
  })

  it("shows the contract's reasons beside the fields and sends nothing", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(reads)
    renderScreen(<ProductDetailsForm product={product} />)
    await user.clear(screen.getByLabelText('Name'))
    await user.clear(screen.getByLabelText('Struck-through price (Rp)'))
    await user.type(screen.getByLabelText('Struck-through price (Rp)'), '-5')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('is required')).toBeTruthy()
    expect(screen.getByText('must not be negative')).toBeTruthy()
    expect(changes(calls)).toEqual([])
  })
})

describe('ProductDetailsForm: colour family', () => {
  it('offers the families by name with a swatch, sends the chosen one and clears it with None', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(reads)
    const { container } = renderScreen(
      <ProductDetailsForm product={{ ...product, colour_family: 'green' }} />,
    )
    const select = screen.getByLabelText('Colour family') as HTMLSelectElement
    expect(select.value).toBe('green')
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'None',
      'Black',
      'White',
      'Grey',
      'Cream',
      'Brown',
      'Red',
      'Pink',
      'Orange',
      'Yellow',
      'Green',
      'Blue',
      'Purple',
      'Multicolour',
    ])
    const swatch = () => container.querySelector('[data-colour-family]') as HTMLElement
    expect(swatch().dataset.colourFamily).toBe('green')
    await user.selectOptions(select, 'Multicolour')
    expect(swatch().dataset.colourFamily).toBe('multi')
    await screen.findByRole('checkbox', { name: /Kebaya/ })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes(calls)).toHaveLength(1))
    expect(changes(calls)[0]!.body).toMatchObject({ colour_family: 'multi' })
    await user.selectOptions(select, 'None')
    expect(swatch().dataset.colourFamily).toBe('')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes(calls)).toHaveLength(2))
    expect(changes(calls)[1]!.body).toMatchObject({ colour_family: null })
  })
})

describe('ProductDetailsForm: final sale', () => {
  it('shows the flag with its help, and sends it set and cleared (issue 40)', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(reads)
    renderScreen(<ProductDetailsForm product={{ ...product, final_sale: false }} />)
    const box = screen.getByRole('checkbox', { name: 'Final sale (no returns)' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(box.getAttribute('aria-describedby')).toBe('final-sale-hint')
    expect(screen.getByText(/Buyers cannot return or exchange it/).id).toBe('final-sale-hint')
    await screen.findByRole('checkbox', { name: /Kebaya/ })
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes(calls)).toHaveLength(1))
    expect(changes(calls)[0]!.body).toMatchObject({ final_sale: true })
    await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes(calls)).toHaveLength(2))
    expect(changes(calls)[1]!.body).toMatchObject({ final_sale: false })
  })
})

describe('BundleCard', () => {
  it('sends the slots as lists of codes and the counts as numbers', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => product)
    renderScreen(<BundleCard product={product} />)
    await user.click(screen.getByLabelText('This product is a bundle'))
    await user.clear(screen.getByLabelText(/^Pieces in the bundle/))
    await user.type(screen.getByLabelText(/^Pieces in the bundle/), '2')
    await user.type(screen.getByLabelText('Slot 1 options'), 'KBY-02, KBY-03')
    await user.click(screen.getByRole('button', { name: 'Save the bundle' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/products/KBY-01/bundle',
      body: {
        is_bundling: true,
        max_bundling: 2,
        limit_qty_bundling: 0,
        bundling_option_1: ['KBY-02', 'KBY-03'],
        bundling_option_2: [],
      },
    })
  })

  it("tells a bundle's rule where it applies (a bundle needs a slot with options)", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => product)
    renderScreen(<BundleCard product={product} />)
    await user.click(screen.getByLabelText('This product is a bundle'))
    await user.click(screen.getByRole('button', { name: 'Save the bundle' }))
    expect(await screen.findByText('must be at least 1 for a bundle')).toBeTruthy()
    expect(screen.getByText('a bundle needs at least one slot with options')).toBeTruthy()
    expect(calls).toEqual([])
  })
})
