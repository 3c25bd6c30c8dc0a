import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminBrand, AdminStore } from '@busana/contract/schemas'
import i18n from '../../lib/i18n.ts'
import { fakeStaffApi, renderScreen, stubModalDialog, type StaffCall } from '../../test/render.tsx'
import { StoresSection } from './stores-section.tsx'

const brands: AdminBrand[] = [
  { id: 9, name: "Prepp's", slug: 'prepps', tagline: '', products: 12 },
  { id: 5, name: 'Sekar Ayu', slug: 'sekar-ayu', tagline: '', products: 4 },
]
const store: AdminStore = {
  id: 1,
  id_brand: 5,
  name: 'Toko Sekar Kemang',
  address: 'Jl. Kemang Raya 1',
  city: 'Jakarta Selatan',
  whatsapp: '0812',
  map_embed: '',
  map_url: null,
  position: 1,
}

function open() {
  fakeStaffApi((call: StaffCall) => (call.url === '/brands' ? brands : [store]))
  renderScreen(<StoresSection />)
}

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18n.changeLanguage('en')
})

describe('StoresSection (issue 43)', () => {
  it("names a store's brand in the list and the brands in the form", async () => {
    stubModalDialog()
    open()
    const row = (await screen.findByText('Toko Sekar Kemang')).closest('tr')!
    expect(await within(row).findByText('Sekar Ayu')).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a store' }))
    const brand = await screen.findByRole('combobox', { name: 'Brand' })
    expect(within(brand).getByRole('option', { name: "Prepp's (9)" })).toBeTruthy()
    expect(within(brand).getByRole('option', { name: 'Sekar Ayu (5)' })).toBeTruthy()
  })

  it('says a brand without a name yet by its id, in Indonesian', async () => {
    await i18n.changeLanguage('id')
    fakeStaffApi((call: StaffCall) => (call.url === '/brands' ? [] : [{ ...store, id_brand: 14 }]))
    renderScreen(<StoresSection />)
    const row = (await screen.findByText('Toko Sekar Kemang')).closest('tr')!
    expect(await within(row).findByText('Merek 14')).toBeTruthy()
  })
})
