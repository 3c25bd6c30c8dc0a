import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { chooseOption } from '~/test/events.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { renderWithAuth } from '~/features/auth/test/render-auth.tsx'
import { contractEnvelope } from '~/test/contract-answer.ts'
import { useProfileStore } from '../profile-store.ts'

const request = vi.fn()
// useApi is memoised in the app: the mock hands out one client too.
const api = { request }
vi.mock('~/lib/browser-api.ts', () => ({ useApi: () => api }))

const { AccountInfoPage } = await import('./account-info-page.tsx')

// The whole profile as GET member/profile answers it (the session fields too).
const server = {
  id_pelanggan: 5,
  token: 't',
  nama: 'Ayu Lestari',
  email: 'ayu@example.com',
  hp: '081234567890',
  tanggal_lahir: '1994-03-21',
  gender: 'FEMALE' as const,
  jenis_pekerjaan: ['WIRAUSAHA' as const],
  instagram: '-',
  is_campaign: false,
  need_email: false,
  is_guest: false,
  marketing_messages: false,
}

beforeEach(() => {
  request.mockReset()
  request.mockResolvedValue(
    contractEnvelope('GET /api/v1/member/profile', { status: 200, message: 'ok', data: server }),
  )
  act(() =>
    useSessionStore.setState({ user: { token: 't', id_pelanggan: 5 }, asGuest: false, phoneAsGuest: null }),
  )
})
const initialOverlay = useOverlayStore.getState()
afterEach(() =>
  act(() => {
    useProfileStore.getState().reset()
    useOverlayStore.setState(initialOverlay, true)
  }),
)

const row = (id: string) => screen.getByTestId(id).textContent

describe('AccountInfoPage (docs/product/account.md §2)', () => {
  it('shows the profile as docs/product maps it; edit, then Cancel restores the server values', async () => {
    renderWithAuth(<AccountInfoPage renderChangePassword={() => null} />)
    await screen.findByTestId('profile-name')
    expect(request).toHaveBeenCalledWith('/api/v1/member/profile', { member: true })
    expect(row('profile-gender')).toContain('Female')
    expect(row('profile-occupation')).toContain('Wiraswasta / Wirausaha')
    expect(row('profile-instagram')).toContain('-')
    expect(row('profile-phone')).toContain('+62 81234567890')

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    const name = screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement
    expect((screen.getByDisplayValue('ayu@example.com') as HTMLInputElement).disabled).toBe(true)
    fireEvent.input(name, { target: { value: '' } })
    expect((screen.getByRole('button', { name: 'SAVE' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.input(name, { target: { value: 'Someone' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!)
    expect(row('profile-name')).toContain('Ayu Lestari')
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Ayu Lestari')
  })

  it('SAVE sends the product’s payload: instagram "-" when empty, occupation as an array of one', async () => {
    renderWithAuth(<AccountInfoPage renderChangePassword={() => null} />)
    await screen.findByTestId('profile-name')
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    chooseOption(screen.getByRole('combobox') as HTMLSelectElement, 'KARYAWAN')
    request.mockResolvedValueOnce(
      contractEnvelope('PATCH /api/v1/member/profile', {
        status: 200,
        message: 'Profile updated',
        data: { ...server, jenis_pekerjaan: ['KARYAWAN'] },
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }))
    await waitFor(() => expect(row('profile-occupation')).toContain('Karyawan'))
    expect(request).toHaveBeenCalledWith('/api/v1/member/profile', {
      method: 'PATCH',
      member: true,
      body: {
        nama: 'Ayu Lestari',
        gender: 'FEMALE',
        instagram: '-',
        tanggal_lahir: '1994-03-21',
        jenis_pekerjaan: ['KARYAWAN'],
      },
    })
  })

  it('the alerts’ messages switch saves at once with the saved name, and flips once the server has it (issue 42)', async () => {
    renderWithAuth(<AccountInfoPage renderChangePassword={() => null} />)
    const toggle = (await screen.findByRole('switch', {
      name: 'Messages about my alerts (back in stock, price drops)',
    })) as HTMLInputElement
    expect(toggle.checked).toBe(false)
    request.mockResolvedValueOnce(
      contractEnvelope('PATCH /api/v1/member/profile', {
        status: 200,
        message: 'Profile updated',
        data: { ...server, marketing_messages: true },
      }),
    )
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.checked).toBe(true))
    expect(request).toHaveBeenLastCalledWith('/api/v1/member/profile', {
      method: 'PATCH',
      member: true,
      body: { nama: 'Ayu Lestari', marketing_messages: true },
    })
    expect(useOverlayStore.getState().message?.text).toBe('Profile updated')

    // Refused: the switch stays as the server has it.
    request.mockRejectedValueOnce(new Error('refused'))
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.disabled).toBe(false))
    expect(toggle.checked).toBe(true)
  })
})
