import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import type { Address, CheckoutData, PaymentOption } from '@busana/contract'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n } from '~/lib/i18n.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { stubMatchMedia, testRootData, testTranslations } from '~/lib/test-utils.tsx'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { fail, makeLine } from '~/features/cart/cart.test-utils.tsx'
import { apiAnswer, contractData } from '~/test/contract-answer.ts'
import en from '~/locales/en/checkout.json'
import { CheckoutPage } from './checkout-page.tsx'

const data: CheckoutData = {
  alamat_penerima: {
    id_alamat: 1,
    penerima: 'Sari',
    alamat_lengkap: 'Jl. Melati No. 12, RT 03 RW 04',
    district: 'Gambir',
    city: 'Jakarta Pusat',
    province: 'DKI Jakarta',
    kode_pos: '10110',
    hp_penerima: '081234567890',
    destination_code: '31.71.01',
    id_address_village: '31.71.01.1001',
    village: 'Gambir',
  },
  weight_grams: 800,
  jenis_paket_list: [
    {
      id: 11,
      name: 'REG',
      provider: 'JNE',
      tarif: 10_000,
      packing_fee: 0,
      etd_min: 2,
      etd_max: 3,
      etd: '2-3',
    },
    { id: 12, name: 'YES', provider: 'JNE', tarif: 20_000, packing_fee: 0, etd_min: 1, etd_max: 1, etd: '1' },
  ],
}
const payments: PaymentOption[] = [
  {
    id_payment: 1,
    name: 'BCA Virtual Account',
    logo: '/bca.svg',
    category: 'VIRTUAL-ACCOUNT',
    deskripsi: '',
    payment_fee: 4_000,
  },
  { id_payment: 2, name: 'QRIS', logo: '/qris.svg', category: 'QRIS', deskripsi: '', payment_fee: 0 },
]

/**
 * The checkout calls on window.fetch, each answer checked against the contract; `hold` keeps
 * checkout_new's answer until `release()`.
 */
function fakeServer() {
  let release: (() => void) | null = null
  const server = {
    orders: [] as { key: string | null; body: unknown }[],
    promoBodies: [] as { kode_promo: string; delivery_price: number; id_delivery_method: number | null }[],
    checkoutAnswer: null as Response | null,
    cartNewAnswer: null as Response | null,
    hold: false,
    release: () => release?.(),
    fetch: vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x')
      const body = init?.body ? JSON.parse(String(init.body)) : null
      switch (url.pathname) {
        case '/api/v1/cart':
          return apiAnswer('GET /api/v1/cart', [
            makeLine({ id_line: 1, price: 200_000 }),
            makeLine({ id_line: 2, price: 100_000 }),
          ])
        case '/api/v1/orders/cart_new':
          return server.cartNewAnswer ?? apiAnswer('POST /api/v1/orders/cart_new', data)
        case '/api/v1/orders/payment':
          return apiAnswer('GET /api/v1/orders/payment', payments)
        case '/api/v1/orders/promo':
          server.promoBodies.push(body)
          if (String(body.kode_promo).toUpperCase() === 'KAINA')
            return apiAnswer(
              'POST /api/v1/orders/promo',
              {
                id_promo: 5,
                kode_promo: 'KAINA',
                type: 'FIXED',
                total_promo: 30_000,
                voucher_name: 'Kaina 30K',
                voucher_lines: [2],
                voucher_subtotal: 100_000,
              },
              'Voucher Kaina 30K applied',
            )
          if (String(body.kode_promo).toUpperCase() === 'ONGKIR')
            return apiAnswer(
              'POST /api/v1/orders/promo',
              {
                id_promo: 4,
                kode_promo: 'ONGKIR',
                type: 'SHIPPING',
                total_promo: Math.min(15_000, body.delivery_price),
                voucher_name: 'Ongkir',
              },
              'Voucher Ongkir applied',
            )
          return apiAnswer(
            'POST /api/v1/orders/promo',
            {
              id_promo: 9,
              kode_promo: 'HEMAT50',
              type: 'FIXED',
              total_promo: 50_000,
              voucher_name: 'Hemat 50K',
            },
            'Voucher Hemat 50K applied',
          )
        case '/api/v1/orders/checkout_new': {
          server.orders.push({ key: new Headers(init?.headers).get('Idempotency-Key'), body })
          if (server.hold) await new Promise<void>((resolve) => (release = resolve))
          return (
            server.checkoutAnswer ??
            apiAnswer(
              'POST /api/v1/orders/checkout_new',
              { id_sales_header: 'ord-xyz' },
              'Your order has been placed',
            )
          )
        }
        default:
          return fail(404, 'REQ003', 'Route not found')
      }
    }),
  }
  return server
}

let server: ReturnType<typeof fakeServer>

/** The member's saved addresses (GET /api/v1/member/alamat), none unless a test gives some. */
let savedAddresses: Address[] = []

function renderCheckout() {
  const rootData = testRootData()
  const i18n = createI18n('en', { en: { ...testTranslations.en, checkout: en } }, { load: false })
  const book = {
    list: vi.fn(async () => contractData('GET /api/v1/member/alamat', savedAddresses)),
    makePrimary: vi.fn(async () => 'ok'),
  }
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData,
      children: [
        { path: 'checkout', Component: () => <CheckoutPage kind="member" addressBook={book} /> },
        { path: 'cart', Component: () => <p>bag page</p> },
        { path: 'member/address', Component: () => <p>address page</p> },
        { path: 'member/order/:id', Component: () => <p>order page</p> },
      ],
    },
  ])
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/checkout']} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}

beforeEach(async () => {
  localStorage.clear()
  server = fakeServer()
  vi.stubGlobal('fetch', server.fetch)
  vi.stubGlobal('matchMedia', stubMatchMedia(true))
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 }, asGuest: false })
  await useSessionStore.persist.rehydrate()
  await useCartStore.persist.rehydrate()
  useCartStore.getState().setChecked(2, false)
  await useCartStore.getState().load((await import('~/lib/browser-api.ts')).getBrowserApi(9), 'tok-1')
})
afterEach(() => {
  savedAddresses = []
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null, asGuest: false })
  useCartStore.getState().reset()
  useOverlayStore.setState({ message: null })
})

describe('member checkout (docs/product/shopping.md §4, 5 and 8)', () => {
  it('sends only the ticked lines, shows the masked primary address and no courier chosen', async () => {
    renderCheckout()
    expect(await screen.findByText('********7890')).toBeTruthy()
    const cartNew = server.fetch.mock.calls.find(([url]) => String(url).includes('cart_new'))!
    expect(JSON.parse(String(cartNew[1]!.body)).products).toEqual([
      { product_code: 'PRP-101', sku_product: 'PRP-101-M', qty: 1 },
    ])
    const couriers = screen.getByRole('group', { name: 'Delivery' })
    expect(
      within(couriers)
        .getAllByRole('radio')
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true)
    expect(screen.getByRole('button', { name: 'PAY NOW' })).toHaveProperty('disabled', true)
  })

  it('names every level of a saved address in the chooser: village, district, city, province (issue 44 item 8)', async () => {
    savedAddresses = [
      {
        id_alamat: 1,
        penerima: 'Sari',
        nama_alamat: 'Home',
        hp_penerima: '08123456',
        alamat_lengkap: 'Jl. Dago No. 3',
        destination_code: '32.73.05',
        kode_pos: '40135',
        priority: 'primary',
        province_id: '32',
        province: 'JAWA BARAT',
        city_id: '32.73',
        city: 'KOTA BANDUNG',
        district: 'COBLONG',
        id_address_village: '32.73.05.1001',
        village: 'DAGO',
      },
    ]
    renderCheckout()
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }))
    const chooser = await screen.findByRole('group', { name: 'Choose a shipping address' })
    expect(chooser.textContent).toContain('Jl. Dago No. 3, DAGO, COBLONG, KOTA BANDUNG, JAWA BARAT, 40135')
  })

  it('says a delivery is missing, collapses the payment list, adds and removes a voucher', async () => {
    renderCheckout()
    fireEvent.click(await screen.findByRole('radio', { name: /QRIS/ }))
    expect(screen.queryByRole('radio', { name: /BCA/ })).toBeNull()
    expect(screen.getByTestId('payment-chosen').textContent).toContain('QRIS')
    fireEvent.click(screen.getByRole('button', { name: 'PAY NOW' }))
    expect(useOverlayStore.getState().message?.text).toBe("You haven't selected a delivery method.")
    expect(server.orders).toHaveLength(0)

    const add = screen.getByRole('button', { name: 'ADD' })
    expect(add).toHaveProperty('disabled', true)
    fireEvent.input(screen.getByLabelText('Voucher code'), { target: { value: 'hemat50' } })
    fireEvent.click(add)
    expect(await screen.findByTestId('voucher-applied')).toBeTruthy()
    expect((screen.getByLabelText('Voucher code') as HTMLInputElement).value).toBe('')
    expect(screen.getByTestId('amount-discount').textContent).toBe('- Rp 50.000')
    expect(screen.getByTestId('checkout-total').textContent).toBe('Rp 150.000')
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    expect(screen.queryByTestId('amount-discount')).toBeNull()
    expect(screen.getByTestId('checkout-total').textContent).toBe('Rp 200.000')
  })

  it('says which products a voucher for some brands counts, and nothing more for one that counts every line (issue 43)', async () => {
    useCartStore.getState().setChecked(2, true)
    renderCheckout()
    fireEvent.input(await screen.findByLabelText('Voucher code'), { target: { value: 'kaina' } })
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }))
    expect((await screen.findByTestId('voucher-applies-to')).textContent).toBe(
      'Applies only to: Kemeja Linen 2',
    )
    fireEvent.input(screen.getByLabelText('Voucher code'), { target: { value: 'hemat50' } })
    fireEvent.click(screen.getByRole('button', { name: 'CHANGE' }))
    await waitFor(() => expect(screen.getByTestId('voucher-applied').textContent).toContain('Hemat 50K'))
    expect(screen.queryByTestId('voucher-applies-to')).toBeNull()
  })

  it('places one order for repeated presses, with one key, and lands on the order page', async () => {
    renderCheckout()
    fireEvent.click(await screen.findByRole('radio', { name: /JNE REG/ }))
    fireEvent.click(await screen.findByRole('radio', { name: /BCA/ }))
    await waitFor(() => expect(screen.getByTestId('amount-service').textContent).toBe('Rp 4.000'))
    expect(screen.getByTestId('checkout-total').textContent).toBe('Rp 214.000')
    server.hold = true
    const pay = screen.getByRole('button', { name: 'PAY NOW' })
    for (let i = 0; i < 5; i++) fireEvent.click(pay)
    await waitFor(() => expect(server.orders).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'PLACING ORDER…' }).getAttribute('aria-busy')).toBe('true')
    await act(async () => server.release())
    expect(await screen.findByText('order page')).toBeTruthy()
    expect(server.orders).toHaveLength(1)
    expect(server.orders[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(server.orders[0]!.body).toMatchObject({
      id_delivery_method: 11,
      id_payment: 1,
      use_promo: false,
      id_warehouse: 1,
    })
  })

  it('opens the Info popup for an unpaid order (SON001), and goes to the address book for SON006', async () => {
    server.checkoutAnswer = fail(409, 'SON001', 'You still have an unpaid order')
    renderCheckout()
    fireEvent.click(await screen.findByRole('radio', { name: /JNE REG/ }))
    fireEvent.click(await screen.findByRole('radio', { name: /QRIS/ }))
    fireEvent.click(screen.getByRole('button', { name: 'PAY NOW' }))
    const info = await screen.findByRole('dialog', { name: 'Info' })
    expect(info.textContent).toContain('You still have an unpaid order')
    expect(within(info).getByRole('link', { name: 'See Order' }).getAttribute('href')).toBe('/member/order')
    fireEvent.click(within(info).getAllByRole('button', { name: 'Close' }).at(-1)!)
    expect(screen.queryByRole('dialog', { name: 'Info' })).toBeNull()

    server.checkoutAnswer = fail(422, 'SON006', 'Please add a shipping address before checkout')
    fireEvent.click(screen.getByRole('button', { name: 'PAY NOW' }))
    expect(await screen.findByText('address page')).toBeTruthy()
    expect(useOverlayStore.getState().message?.text).toBe('Please add a shipping address before checkout')
  })

  it('asks again for a shipping voucher when the courier changes (its discount follows the fare)', async () => {
    renderCheckout()
    fireEvent.click(await screen.findByRole('radio', { name: /JNE REG/ }))
    fireEvent.input(screen.getByLabelText('Voucher code'), { target: { value: 'ongkir' } })
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }))
    await waitFor(() => expect(screen.getByTestId('amount-discount').textContent).toBe('- Rp 10.000'))
    fireEvent.click(screen.getByRole('radio', { name: /JNE YES/ }))
    await waitFor(() => expect(screen.getByTestId('amount-discount').textContent).toBe('- Rp 15.000'))
    expect(server.promoBodies.at(-1)).toMatchObject({
      kode_promo: 'ONGKIR',
      id_delivery_method: 12,
      delivery_price: 20_000,
    })
    expect(screen.getByRole('button', { name: 'CHANGE' })).toBeTruthy()
  })

  it('sends the shopper to the address book when no courier serves the address (DVY001)', async () => {
    server.cartNewAnswer = fail(422, 'DVY001', 'No courier delivers to this address yet')
    renderCheckout()
    expect(await screen.findByText('address page')).toBeTruthy()
    expect(useOverlayStore.getState().message?.text).toBe('No courier delivers to this address yet')
  })

  it('goes back to the bag without checkout data or without a recipient address', async () => {
    server.cartNewAnswer = apiAnswer('POST /api/v1/orders/cart_new', { ...data, alamat_penerima: null })
    renderCheckout()
    expect(await screen.findByText('bag page')).toBeTruthy()
  })

  it('sends the shopper to the bag with the sign-in dialog once the session is gone', async () => {
    renderCheckout()
    expect(await screen.findByText('********7890')).toBeTruthy()
    act(() => useSessionStore.setState({ user: null }))
    expect(await screen.findByText('bag page')).toBeTruthy()
    expect(useOverlayStore.getState().auth).toMatchObject({ open: true, section: 'login' })
  })
})
