import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminProductAlerts } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen } from '../../test/render.tsx'
import { WaitingCard } from './waiting-card.tsx'

const counts: AdminProductAlerts = {
  product_code: 'KBY-01',
  sizes: [
    { sku_product: 'KBY-01-S', ukuran: 'S', waiting: 0 },
    { sku_product: 'KBY-01-M', ukuran: 'M', waiting: 12 },
    { sku_product: 'KBY-01-L', ukuran: 'L', waiting: 3 },
  ],
  price_drop_waiting: 5,
}

describe('WaitingCard', () => {
  it("lists each size with how many wait for it, and the price-drop count, from the product's alerts call", async () => {
    const calls = fakeStaffApi(() => counts)
    renderScreen(<WaitingCard code="KBY-01" />)
    const card = screen.getByRole('heading', { name: 'Waiting for a restock' }).closest('section')!
    const rows = await within(card).findAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'SizeWaiting',
      'S KBY-01-S0',
      'M KBY-01-M12',
      'L KBY-01-L3',
    ])
    expect(within(card).getByText('Waiting for a price drop').nextSibling?.textContent).toBe('5')
    expect(within(card).queryByText('Nobody is waiting for this product yet.')).toBeNull()
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /products/KBY-01/alerts'])
  })

  it('says so when nobody waits, still listing the sizes', async () => {
    fakeStaffApi(() => ({
      ...counts,
      sizes: counts.sizes.map((size) => ({ ...size, waiting: 0 })),
      price_drop_waiting: 0,
    }))
    renderScreen(<WaitingCard code="KBY-01" />)
    expect(await screen.findByText('Nobody is waiting for this product yet.')).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(4)
  })

  it("shows the server's refusal", async () => {
    fakeStaffApi(() => refusal(403, 'STF003', 'Your role does not allow this'))
    renderScreen(<WaitingCard code="KBY-01" />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your role does not allow this'))
  })
})
