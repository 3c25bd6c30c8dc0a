import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useSessionStore } from '~/lib/session-store.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useAddressStore } from '../address-store.ts'
import { renderAddressesApp, stubMatchMedia } from '../addresses.test-utils.tsx'
import { AddressesPage } from './addresses-page.tsx'
import { AddressUpdateBanner } from './address-update-banner.tsx'
import type { Address } from '@busana/contract'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'

// An older address (no sub-district yet), as GET member/alamat lists it: every field of the contract.
const saved: Address = {
  id_alamat: 5,
  penerima: 'Sari',
  nama_alamat: 'Office',
  hp_penerima: '08123',
  alamat_lengkap: 'Jl. Lama',
  destination_code: '31.71.01',
  kode_pos: '10110',
  priority: 'second',
  province_id: '31',
  province: 'DKI JAKARTA',
  city_id: '31.71',
  city: 'KOTA JAKARTA PUSAT',
  district: 'GAMBIR',
  id_address_village: null,
  village: null,
}

let list: Address[]
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  list = []
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x')
    if (url.pathname === '/api/v1/member/alamat' && (init?.method ?? 'GET') === 'GET')
      return apiAnswer('GET /api/v1/member/alamat', list)
    if (url.pathname === '/api/v1/member/cek_alamat')
      return apiAnswer('GET /api/v1/member/cek_alamat', { need_update: list.length > 0 })
    if (url.pathname.startsWith('/api/v1/member/alamat_priority/')) {
      // The API answers the address, now primary (AddressResponseSchema), not null.
      const id = Number(url.pathname.split('/').at(-1))
      const address = list.find((a) => a.id_alamat === id)!
      return apiAnswer(
        'PATCH /api/v1/member/alamat_priority/:id',
        { ...address, priority: 'primary' },
        'Primary address set',
      )
    }
    if (url.pathname === '/api/v1/master/province')
      return apiAnswer('GET /api/v1/master/province', [{ province_id: '31', province: 'DKI JAKARTA' }])
    if (url.pathname === '/api/v1/master/city')
      return apiAnswer('GET /api/v1/master/city', [{ city_id: '31.71', city: 'KOTA JAKARTA PUSAT' }])
    if (url.pathname === '/api/v1/master/subdistrict')
      return apiAnswer('GET /api/v1/master/subdistrict', [
        { subdistrict: 'GAMBIR', destination_code: '31.71.01' },
      ])
    if (url.pathname === '/api/v1/pages/village')
      return apiAnswer('GET /api/v1/pages/village', [
        { id: '31.71.01.1001', name: 'GAMBIR', zip_code: '10110' },
      ])
    return apiError(404, 'REQ003', 'Route not found')
  })
  vi.stubGlobal('fetch', fetchMock)
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  useOverlayStore.setState({ message: null })
})
afterEach(() => {
  // Unmount before the globals go: a store reset would re-render with no matchMedia.
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null })
  useAddressStore.getState().reset()
})

describe('AddressesPage (docs/product/account.md §2 and 4)', () => {
  it('loads nothing for a visitor', () => {
    useSessionStore.setState({ user: null })
    vi.stubGlobal('matchMedia', stubMatchMedia(false))
    renderAddressesApp(<AddressesPage />)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading', { name: 'Saved address' })).toBeNull()
  })

  it('shows the empty state; on phones Add replaces the list with the inline form (label Home)', async () => {
    vi.stubGlobal('matchMedia', stubMatchMedia(false))
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    renderAddressesApp(<AddressesPage />)
    expect(screen.getByRole('heading', { name: 'Saved address' })).toBeTruthy()
    await screen.findByText('You have no saved address')
    // Every member call carries the token as query parameter.
    expect(String(fetchMock.mock.calls[0]![0])).toContain('token=tok-1')
    fireEvent.click(screen.getByRole('button', { name: 'ADD NEW ADDRESS' }))
    const form = await screen.findByRole('form', { name: 'Add new address' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByText('You have no saved address')).toBeNull()
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 })
    expect((within(form).getByRole('textbox', { name: 'Address label' }) as HTMLInputElement).value).toBe(
      'Home',
    )
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('You have no saved address')).toBeTruthy()
  })

  it('on tablet and wider Edit opens the "Edit address" modal over the list, prefilled', async () => {
    list = [saved]
    vi.stubGlobal('matchMedia', stubMatchMedia(true))
    renderAddressesApp(<AddressesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit address Office' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' })
    expect((within(dialog).getByRole('textbox', { name: 'Recipient name' }) as HTMLInputElement).value).toBe(
      'Sari',
    )
    expect((within(dialog).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('8123')
    expect(screen.getByTestId('address-card')).toBeTruthy()
  })

  it('make primary sends PATCH alamat_priority, shows the server message and reloads', async () => {
    list = [saved]
    vi.stubGlobal('matchMedia', stubMatchMedia(true))
    renderAddressesApp(<AddressesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Set as primary' }))
    await waitFor(() => expect(useOverlayStore.getState().message?.text).toBe('Primary address set'))
    const patch = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    )
    expect(String(patch![0])).toContain('/api/v1/member/alamat_priority/5?token=tok-1')
  })
})

describe('AddressUpdateBanner (docs/product/account.md §4)', () => {
  it('links to /member/address when cek_alamat says need_update', async () => {
    list = [saved]
    renderAddressesApp(<AddressUpdateBanner />, '/')
    const banner = await screen.findByTestId('address-update-banner')
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/member/address')
  })

  it('renders nothing when no update is needed or when signed out', async () => {
    renderAddressesApp(<AddressUpdateBanner />, '/')
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(screen.queryByTestId('address-update-banner')).toBeNull()
  })
})
