import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { AdminCategory, AdminCategoryProduct } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen, type StaffCall } from '../../test/render.tsx'
import { ListingOrderPage } from './listing-order-page.tsx'

const category: AdminCategory = {
  id: 7,
  id_brand: 9,
  name: 'new-drop',
  title: 'New Drop',
  is_child: false,
  priority: 0,
  url_image: '',
  in_grid: true,
  new_products: 'bottom',
  products: 3,
}

const row = (code: string, position: number, draft = false): AdminCategoryProduct => ({
  product_code: code,
  segment_id: null,
  position,
  product_name: `Kaos ${code}`,
  url_image: `/media/${code}.webp`,
  draft,
})

/** The staff API of one category: its listing, moved as the server would. */
function fakeListing(codes: string[], answer?: (call: StaffCall) => unknown) {
  let order = [...codes]
  const listing = () => order.map((code, position) => row(code, position, code === 'C'))
  const calls = fakeStaffApi((call) => {
    const special = answer?.(call)
    if (special) return special
    if (call.url.startsWith('/categories?')) return [category]
    if (call.method === 'POST') {
      const [move] = (call.body as { moves: { product_code: string; position: number }[] }).moves
      order = order.filter((code) => code !== move!.product_code)
      order.splice(move!.position, 0, move!.product_code)
    }
    return listing()
  })
  return calls
}

const renderPage = () =>
  renderScreen(
    <Routes>
      <Route path="/categories/:id/products" element={<ListingOrderPage />} />
    </Routes>,
    { path: '/categories/7/products?brand=9' },
  )

const names = () =>
  within(screen.getByRole('list', { name: /products, as shoppers see them/ }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent)

describe('ListingOrderPage', () => {
  it("shows the category's products in their stored order, with a draft marked", async () => {
    fakeListing(['A', 'B', 'C'])
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Order of New Drop' })).toBeTruthy()
    await waitFor(() => expect(names()).toEqual(['Kaos A', 'Kaos B', 'Kaos C']))
    const draft = screen.getAllByRole('listitem')[2]!
    expect(within(draft).getByText('Draft')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Move Kaos A to the top' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Move Kaos C to the bottom' })).toHaveProperty('disabled', true)
  })

  it('moves with the buttons, one reorder call each, and shows the stored order', async () => {
    const calls = fakeListing(['A', 'B', 'C', 'D'])
    renderPage()
    await waitFor(() => expect(names()).toEqual(['Kaos A', 'Kaos B', 'Kaos C', 'Kaos D']))
    fireEvent.click(screen.getByRole('button', { name: 'Move Kaos D to the top' }))
    await waitFor(() => expect(names()).toEqual(['Kaos D', 'Kaos A', 'Kaos B', 'Kaos C']))
    expect(await screen.findByText('Kaos D is now at place 1.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Move Kaos A down' }))
    await waitFor(() => expect(names()).toEqual(['Kaos D', 'Kaos B', 'Kaos A', 'Kaos C']))
    await screen.findByText('Kaos A is now at place 3.')
    fireEvent.click(screen.getByRole('button', { name: 'Move Kaos D to the bottom' }))
    await waitFor(() => expect(names()).toEqual(['Kaos B', 'Kaos A', 'Kaos C', 'Kaos D']))
    await screen.findByText('Kaos D is now at place 4.')
    fireEvent.click(screen.getByRole('button', { name: 'Move Kaos C up' }))
    await waitFor(() => expect(names()).toEqual(['Kaos B', 'Kaos C', 'Kaos A', 'Kaos D']))
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/categories/7/products/reorder', { moves: [{ product_code: 'D', position: 0 }] }],
      ['/categories/7/products/reorder', { moves: [{ product_code: 'A', position: 2 }] }],
      ['/categories/7/products/reorder', { moves: [{ product_code: 'D', position: 3 }] }],
      ['/categories/7/products/reorder', { moves: [{ product_code: 'C', position: 1 }] }],
    ])
  })

  it('sets where new products go with one PATCH of the category, and says so', async () => {
    const calls = fakeListing(['A', 'B'], (call) =>
      call.method === 'PATCH' ? { ...category, new_products: 'top' } : undefined,
    )
    renderPage()
    const place = (await screen.findByLabelText('Where a new product goes')) as HTMLSelectElement
    expect(place.value).toBe('bottom')
    fireEvent.change(place, { target: { value: 'top' } })
    expect(await screen.findByText('Saved: new products go to the top.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
      ['/categories/7', { new_products: 'top' }],
    ])
  })

  it("puts the order back and shows the server's refusal when a move is refused", async () => {
    fakeListing(['A', 'B'], (call) =>
      call.method === 'POST' ? refusal(403, 'STF003', 'Your role does not allow this') : undefined,
    )
    renderPage()
    await waitFor(() => expect(names()).toEqual(['Kaos A', 'Kaos B']))
    fireEvent.click(screen.getByRole('button', { name: 'Move Kaos B to the top' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your role does not allow this'))
    expect(names()).toEqual(['Kaos A', 'Kaos B'])
  })
})
