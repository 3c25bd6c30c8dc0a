import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminBrand, AdminReview } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen, type StaffCall } from '../../test/render.tsx'
import { ReviewsPage } from './reviews-page.tsx'

const review = (values: Partial<AdminReview> = {}): AdminReview => ({
  id: 7,
  reviewed_at: '2026-11-27T00:30:00+07:00',
  rating: 4,
  review: 'Soft fabric, fits well.',
  photos: ['/media/review/abcdefghijklmnopqrstuvwxyz012345.webp'],
  product_code: 'KBY-01',
  product_name: 'Kebaya Melati',
  ukuran: 'M',
  id_brand: 9,
  brand_name: 'Busana Woman',
  sales_order_number: 'BSN-261127-ABC12345',
  reviewer: 'Sari W.',
  ...values,
})

const brands: AdminBrand[] = [
  { id: 9, name: "Prepp's", slug: 'prepps', tagline: '', products: 12 },
  { id: 5, name: 'Sekar Ayu', slug: 'sekar-ayu', tagline: '', products: 4 },
]

/** The list answers `rows` as one page of `pages`; /brands the group's names. */
function open(path: string, rows: AdminReview[], pages = 1) {
  const calls = fakeStaffApi((call: StaffCall) =>
    call.url === '/brands'
      ? brands
      : new Response(JSON.stringify({ status: 200, message: 'ok', data: rows, total_pages: pages }), {
          headers: { 'content-type': 'application/json' },
        }),
  )
  renderScreen(<ReviewsPage />, { path })
  return calls
}

describe('ReviewsPage (issue 30)', () => {
  it('reads the home’s link: the day in the date fields and the call', async () => {
    const calls = open('/reviews?from=2026-11-27&to=2026-11-27', [review()])
    await screen.findByText('Soft fabric, fits well.')
    expect(calls.find((call) => call.url.startsWith('/reviews'))).toMatchObject({
      method: 'GET',
      url: '/reviews?from=2026-11-27&to=2026-11-27&page=1&per_page=25',
    })
    expect((screen.getByLabelText('Published from') as HTMLInputElement).value).toBe('2026-11-27')
    expect((screen.getByLabelText('Published until') as HTMLInputElement).value).toBe('2026-11-27')
  })

  it('shows a review: stars named in words, the text, the photo, the product, the published name, the order', async () => {
    open('/reviews', [review()])
    const row = (await screen.findByText('Soft fabric, fits well.')).closest('tr')!
    const cells = within(row)
    expect(cells.getByRole('img', { name: '4 of 5 stars' }).textContent).toBe('4/5')
    expect(cells.getByRole('img', { name: 'Photo 1 of the review by Sari W.' }).getAttribute('src')).toBe(
      '/media/review/abcdefghijklmnopqrstuvwxyz012345.webp',
    )
    expect(cells.getByText('Kebaya Melati')).toBeTruthy()
    expect(cells.getByText('KBY-01 · Size M')).toBeTruthy()
    expect(cells.getByText('Busana Woman')).toBeTruthy()
    expect(cells.getByText('— Sari W.')).toBeTruthy()
    expect(cells.getByText('27 Nov 2026, 00:30 WIB')).toBeTruthy()
    expect(cells.getByRole('link', { name: 'Order BSN-261127-ABC12345' }).getAttribute('href')).toBe(
      '/orders/BSN-261127-ABC12345',
    )
  })

  it('sends the stars, brand and search from the controls, back on page 1', async () => {
    const user = userEvent.setup()
    const calls = open('/reviews?page=2', [review()], 3)
    await screen.findByText('Soft fabric, fits well.')
    await user.selectOptions(screen.getByLabelText('Stars'), '2')
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/reviews?rating=2&page=1&per_page=25'))
    await user.selectOptions(screen.getByLabelText('Brand'), '5')
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/reviews?rating=2&id_brand=5&page=1&per_page=25'))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' kebaya {Enter}')
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/reviews?q=kebaya&rating=2&id_brand=5&page=1&per_page=25'),
    )
  })

  it('says when nothing matches, and offers to clear the filters', async () => {
    const calls = open('/reviews?rating=1', [])
    expect(await screen.findByText('No published reviews match these filters.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    await userEvent.setup().click(screen.getByRole('link', { name: 'Clear the filters' }))
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/reviews?page=1&per_page=25'))
  })

  it('names the brands in the filter, and a review’s brand when the list has no name for it (issue 43)', async () => {
    open('/reviews', [review({ id: 8, id_brand: 5, brand_name: null, review: 'Rapi.' })])
    const row = (await screen.findByText('Rapi.')).closest('tr')!
    expect(await within(row).findByText('Sekar Ayu')).toBeTruthy()
    const brand = screen.getByLabelText('Brand')
    expect(within(brand).getByRole('option', { name: "Prepp's (9)" })).toBeTruthy()
    expect(within(brand).getByRole('option', { name: 'Sekar Ayu (5)' })).toBeTruthy()
    // The group's ids without a brand row yet keep a plain label.
    expect(
      within(brand)
        .getAllByRole('option', { name: /^Brand \d/ })
        .map((o) => o.textContent),
    ).toEqual(['Brand 14', 'Brand 18', 'Brand 13', 'Brand 17'])
  })

  it('shows a review without text or photos plainly', async () => {
    open('/reviews', [review({ review: '', photos: [] })])
    expect(await screen.findByText('No text')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /Photo/ })).toBeNull()
  })
})
