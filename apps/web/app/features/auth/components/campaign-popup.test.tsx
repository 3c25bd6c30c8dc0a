import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApp, testTranslations } from '~/lib/test-utils.tsx'
import { useSessionStore } from '~/lib/session-store.ts'
import enAuth from '~/locales/en/auth.json'
import idAuth from '~/locales/id/auth.json'
import type { CampaignVoucher } from '@busana/contract/schemas'
import { apiAnswer } from '~/test/contract-answer.ts'
import { CampaignPopup } from './campaign-popup.tsx'

const translations = {
  en: { ...testTranslations.en, auth: enAuth },
  id: { ...testTranslations.id, auth: idAuth },
}

const vouchers: CampaignVoucher[] = [
  {
    kode_promo: 'CAMPAIGN50K',
    voucher_name: 'Diskon 50K',
    type: 'FIXED',
    value: 50_000,
    max_discount: null,
    min_purchase: 300_000,
    valid_until: '2027-02-22T23:59:59+07:00',
  },
  {
    kode_promo: 'ONGKIR17K',
    voucher_name: 'Gratis Ongkir 17K',
    type: 'SHIPPING',
    value: 17_000,
    max_discount: null,
    min_purchase: 250_000,
    valid_until: '2027-02-22T23:59:59+07:00',
  },
]

let fetchMock: ReturnType<typeof vi.fn>
function answer(data: CampaignVoucher[]) {
  fetchMock = vi.fn(async (input: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? apiAnswer('PUT /api/v1/member/is_campaign', null, 'Saved')
      : apiAnswer('GET /api/v1/member/campaign', data, 'ok'),
  )
  vi.stubGlobal('fetch', fetchMock)
}

beforeEach(() => {
  useSessionStore.setState({ user: { token: 'tok', id_pelanggan: 7, is_campaign: false }, asGuest: false })
})
afterEach(() => vi.unstubAllGlobals())

describe('CampaignPopup', () => {
  it('lists the vouchers from the API with their terms and real validity; closing records it once', async () => {
    answer(vouchers)
    renderWithApp(<CampaignPopup />, { rootData: { translations } })
    const items = await screen.findAllByTestId('campaign-voucher')
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Rp 50.000 off with a minimum purchase of Rp 300.000'),
      expect.stringContaining('Shipping discount up to Rp 17.000 with a minimum purchase of Rp 250.000'),
    ])
    expect(items[0]!.textContent).toContain('CAMPAIGN50K')
    expect(items[0]!.textContent).toContain('Valid until 22 Feb 2027 23:59 WIB.')
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/member/campaign')
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(useSessionStore.getState().user?.is_campaign).toBe(true)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!
    expect(String(put[0])).toContain('/api/v1/member/is_campaign')
    expect(JSON.parse(String(put[1].body))).toEqual({ is_campaign: true })
  })

  it('shows nothing and records nothing when no campaign voucher is valid', async () => {
    answer([])
    const { container } = renderWithApp(<CampaignPopup />, { rootData: { translations } })
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(container.querySelector('[data-testid="campaign-popup"]')).toBeNull()
    expect(useSessionStore.getState().user?.is_campaign).toBe(false)
  })
})
