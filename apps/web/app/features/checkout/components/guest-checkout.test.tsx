import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n } from '~/lib/i18n.ts'
import { getBrowserApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { stubMatchMedia, testRootData, testTranslations } from '~/lib/test-utils.tsx'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { fail, makeLine } from '~/features/cart/cart.test-utils.tsx'
import { apiAnswer } from '~/test/contract-answer.ts'
import en from '~/locales/en/checkout.json'
import { CheckoutPage } from './checkout-page.tsx'
import type { RenderRegion } from './guest-shipping.tsx'

const region = {
  province_id: '31',
  province: 'DKI Jakarta',
  city_id: '31.71',
  city: 'Jakarta Pusat',
  destination_code: '31.71.01',
  district: 'Gambir',
  id_address_village: '31.71.01.1001',
  village: 'Gambir',
  kode_pos: '10110',
}
/** Stands in for the address book's cascade: one button fills every level. */
const renderRegion: RenderRegion = (value, onChange) => (
  <button type="button" onClick={() => onChange(region)}>
    {value.kode_pos ? `region ${value.kode_pos}` : 'pick region'}
  </button>
)

const fetchSpy = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x')
  if (url.pathname === '/api/v1/cart')
    return apiAnswer('GET /api/v1/cart', [makeLine({ id_line: 1, price: 150_000 })])
  if (url.pathname === '/api/v1/orders/cart_guest') {
    const body = JSON.parse(String(init!.body))
    expect(body).toMatchObject({ destination_code: '31.71.01', id_address_village: '31.71.01.1001' })
    return apiAnswer('POST /api/v1/orders/cart_guest', {
      alamat_penerima: null,
      weight_grams: 300,
      jenis_paket_list: [
        {
          id: 5,
          name: 'EZ',
          provider: 'J&T',
          tarif: 12_000,
          packing_fee: 0,
          etd_min: 2,
          etd_max: 3,
          etd: '2-3',
        },
      ],
    })
  }
  if (url.pathname === '/api/v1/orders/payment')
    return apiAnswer('GET /api/v1/orders/payment', [
      { id_payment: 7, name: 'QRIS', logo: '/q.svg', category: 'QRIS', deskripsi: '', payment_fee: 0 },
    ])
  if (url.pathname === '/api/v1/orders/checkout_guest')
    return apiAnswer('POST /api/v1/orders/checkout_guest', { id_sales_header: 'ord-guest' })
  return fail(404, 'REQ003', 'Route not found')
})

function renderGuest() {
  const rootData = testRootData()
  const i18n = createI18n('en', { en: { ...testTranslations.en, checkout: en } }, { load: false })
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData,
      children: [
        {
          path: 'checkout-as-guest',
          Component: () => <CheckoutPage kind="guest" renderRegion={renderRegion} />,
        },
        { path: 'member/order/:id', Component: () => <p>order page</p> },
      ],
    },
  ])
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/checkout-as-guest']} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}

beforeEach(async () => {
  localStorage.clear()
  // What a guest typed is kept for the tab's session (issue 26 item 13): each test starts afresh.
  sessionStorage.clear()
  vi.stubGlobal('fetch', fetchSpy)
  vi.stubGlobal('matchMedia', stubMatchMedia(false))
  useSessionStore.setState({
    user: { token: 'tok-g', id_pelanggan: 2, need_email: true },
    asGuest: true,
    phoneAsGuest: '081234567890',
  })
  await useSessionStore.persist.rehydrate()
  await useCartStore.persist.rehydrate()
  await useCartStore.getState().load(getBrowserApi(9), 'tok-g')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
  useCartStore.getState().reset()
  useOverlayStore.setState({ message: null })
})

describe('guest checkout (docs/product/shopping.md §5)', () => {
  it('saves the shipping form only when complete, with an address of 30 characters', async () => {
    renderGuest()
    const save = await screen.findByRole('button', { name: 'SAVE ADDRESS' })
    expect(screen.getByTestId('guest-phone').textContent).toContain('********7890')
    expect(save).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'pick region' }))
    fireEvent.input(screen.getByLabelText('Recipient'), { target: { value: 'Dewi' } })
    // Leading zeros are stripped: the +62 stands for them.
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '0812345678' } })
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('812345678')
    fireEvent.input(screen.getByLabelText('Full address'), { target: { value: 'Jl. Kenari 5' } })
    expect(screen.getByText(/cannot be less than 30 characters/)).toBeTruthy()
    expect(save).toHaveProperty('disabled', true)
    fireEvent.input(screen.getByLabelText('Full address'), {
      target: { value: 'Jl. Kenari No. 5, RT 01 RW 02, samping warung' },
    })
    expect(save).toHaveProperty('disabled', false)
    fireEvent.click(save)
    expect(await screen.findByText('J&T EZ')).toBeTruthy()
    expect(screen.getByTestId('shipping-address').textContent).toContain('******5678')
  })

  it('asks for the name and, when the account needs one, a valid e-mail before placing the order', async () => {
    renderGuest()
    fireEvent.click(await screen.findByRole('button', { name: 'pick region' }))
    fireEvent.input(screen.getByLabelText('Recipient'), { target: { value: 'Dewi' } })
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '812345678' } })
    fireEvent.input(screen.getByLabelText('Full address'), {
      target: { value: 'Jl. Kenari No. 5, RT 01 RW 02, samping warung' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }))
    fireEvent.click(await screen.findByRole('radio', { name: /J&T EZ/ }))
    fireEvent.click(await screen.findByRole('radio', { name: /QRIS/ }))
    const pay = screen.getByRole('button', { name: 'PAY NOW' })
    fireEvent.click(pay)
    expect(screen.getByText('Please insert your name')).toBeTruthy()
    expect(useOverlayStore.getState().message?.text).toBe('Please check your contact information')
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Dewi Tamu' } })
    fireEvent.click(pay)
    expect(screen.getByText('Please insert your email')).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'dewi@' } })
    fireEvent.click(pay)
    expect(screen.getByText('Email is not valid.')).toBeTruthy()
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'dewi@example.com' } })
    fireEvent.click(pay)
    expect(await screen.findByText('order page')).toBeTruthy()
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url).includes('checkout_guest'))!
    expect(JSON.parse(String(init!.body))).toMatchObject({
      buyer_name: 'Dewi Tamu',
      buyer_email: 'dewi@example.com',
      buyer_phone: '081234567890',
      penerima: 'Dewi',
      hp_penerima: '0812345678',
      destination_code: '31.71.01',
      kode_pos: '10110',
      id_address_village: '31.71.01.1001',
      id_delivery_method: 5,
      id_payment: 7,
    })
  })
})

/** Fills the shipping form, saves it and picks the courier and QRIS: only the contact is left. */
async function readyToPay() {
  fireEvent.click(await screen.findByRole('button', { name: 'pick region' }))
  fireEvent.input(screen.getByLabelText('Recipient'), { target: { value: 'Dewi' } })
  fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '812345678' } })
  fireEvent.input(screen.getByLabelText('Full address'), {
    target: { value: 'Jl. Kenari No. 5, RT 01 RW 02, samping warung' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }))
  fireEvent.click(await screen.findByRole('radio', { name: /J&T EZ/ }))
  fireEvent.click(await screen.findByRole('radio', { name: /QRIS/ }))
  fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Dewi Tamu' } })
  return screen.getByRole('button', { name: 'PAY NOW' })
}

describe('the guest e-mail (issue 26 item 16)', () => {
  it('issue 26 item 16: an account that needs an e-mail hears the product’s text for a malformed one', async () => {
    renderGuest()
    const pay = await readyToPay()
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'dewi@example' } })
    fetchSpy.mockClear()
    fireEvent.click(pay)
    expect(useOverlayStore.getState().message?.text).toBe('Invalid email. Please check your email correctly.')
    expect(screen.getByText('Email is not valid.')).toBeTruthy()
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('checkout_guest'))).toBe(false)
  })

  it('issue 26 item 16: an account that needs no e-mail is not stopped by its format', async () => {
    useSessionStore.setState({ user: { token: 'tok-g', id_pelanggan: 2, need_email: false } })
    renderGuest()
    const pay = await readyToPay()
    fireEvent.input(screen.getByLabelText('Email (optional)'), { target: { value: 'dewi@example' } })
    fireEvent.click(pay)
    expect(await screen.findByText('order page')).toBeTruthy()
    const [, init] = fetchSpy.mock.calls.findLast(([url]) => String(url).includes('checkout_guest'))!
    // Not an e-mail, and not needed: the order goes without it (the API refuses a malformed one).
    expect(JSON.parse(String(init!.body))).toMatchObject({ buyer_name: 'Dewi Tamu', buyer_email: '' })
  })
})

describe('the guest form across a reload (issue 26 item 13)', () => {
  it('issue 26 item 13: brings back what the guest typed, for this guest only, and forgets it on logout', async () => {
    renderGuest()
    fireEvent.click(await screen.findByRole('button', { name: 'pick region' }))
    fireEvent.input(screen.getByLabelText('Recipient'), { target: { value: 'Dewi' } })
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '812345678' } })
    fireEvent.input(screen.getByLabelText('Full address'), { target: { value: 'Jl. Kenari No. 5, RT 01' } })
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Dewi Tamu' } })
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'dewi@example.com' } })
    cleanup()

    // The page again, as after a reload: the form comes back, not yet saved.
    renderGuest()
    expect(await screen.findByDisplayValue('Jl. Kenari No. 5, RT 01')).toBeTruthy()
    expect((screen.getByLabelText('Recipient') as HTMLInputElement).value).toBe('Dewi')
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('812345678')
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dewi Tamu')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dewi@example.com')
    expect(screen.getByRole('button', { name: 'region 10110' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'SAVE ADDRESS' })).toBeTruthy()
    cleanup()

    // Another guest on this tab sees none of it.
    useSessionStore.setState({ phoneAsGuest: '081299990000' })
    renderGuest()
    expect(await screen.findByRole('button', { name: 'pick region' })).toBeTruthy()
    expect((screen.getByLabelText('Recipient') as HTMLInputElement).value).toBe('')
    cleanup()

    useSessionStore.getState().logout()
    expect(sessionStorage.getItem('checkout-guest-form')).toBeNull()
  })
})
