import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fakeStaffApi, refusal, renderScreen } from '../../test/render.tsx'
import { ProductNewPage } from './product-new-page.tsx'

const brands = [
  { id: 18, name: 'Busana', slug: 'busana', tagline: '', products: 3 },
  { id: 19, name: 'Busana Kids', slug: 'kids', tagline: '', products: 1 },
]

function open(answer: Parameters<typeof fakeStaffApi>[0]) {
  const calls = fakeStaffApi((call) => (call.url === '/brands' ? brands : answer?.(call)))
  renderScreen(
    <Routes>
      <Route path="/products/new" element={<ProductNewPage />} />
      <Route path="/products/:code" element={<h1>Product page</h1>} />
    </Routes>,
    { path: '/products/new' },
  )
  return { calls, posts: () => calls.filter((call) => call.method !== 'GET') }
}

describe('ProductNewPage', () => {
  it("creates the draft with the chosen brand's id and opens its page", async () => {
    const user = userEvent.setup()
    const { posts } = open(() => ({ product_code: 'KBY-01' }))
    await screen.findByRole('option', { name: 'Busana Kids' })
    await user.type(screen.getByLabelText('Product code'), ' KBY-01 ')
    await user.selectOptions(screen.getByLabelText('Brand'), 'Busana Kids')
    await user.type(screen.getByLabelText('Name'), 'Kebaya Kartini')
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeTruthy()
    expect(posts()).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/products',
        body: { product_code: 'KBY-01', product_name: 'Kebaya Kartini', id_brand: 19 },
      }),
    ])
  })

  it("shows the contract's reasons next to the fields and sends nothing", async () => {
    const user = userEvent.setup()
    const { posts } = open(() => null)
    await user.type(screen.getByLabelText('Product code'), 'kebaya baru')
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    expect(await screen.findByText("must be 1-64 letters, digits, '-' or '_'")).toBeTruthy()
    expect(screen.getByText('must be a brand id')).toBeTruthy()
    expect(screen.getByText('is required')).toBeTruthy()
    expect(screen.getByLabelText('Product code').getAttribute('aria-invalid')).toBe('true')
    expect(posts()).toEqual([])
  })

  it("shows the server's refusal", async () => {
    const user = userEvent.setup()
    open(() => refusal(409, 'STF101', 'This product code is taken'))
    await screen.findByRole('option', { name: 'Busana' })
    await user.type(screen.getByLabelText('Product code'), 'KBY-01')
    await user.selectOptions(screen.getByLabelText('Brand'), 'Busana')
    await user.type(screen.getByLabelText('Name'), 'Kebaya')
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This product code is taken'))
  })
})
