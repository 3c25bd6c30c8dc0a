import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductAlerts } from '@busana/contract/schemas'
import i18n from '../../lib/i18n.ts'
import { fakeStaffApi, refusal, renderScreen, stubModalDialog, type StaffCall } from '../../test/render.tsx'
import { ProductPage } from './product-page.tsx'

const product = (draft: boolean) =>
  ({
    product_code: 'KBY-01',
    product_name: 'Kebaya Kartini',
    product_name_alt: '',
    description: '',
    product_lable: '',
    category_menu: '',
    status: 'available',
    thumbnail: 'NORMAL',
    slide_option: 'HORIZONTAL',
    countdown: false,
    end_at: null,
    harga_coret: '',
    judul_related: '',
    related_products: [],
    canonical_product_code: null,
    canonical_product_master_name: null,
    colour_family: null,
    id_brand: 18,
    is_child: false,
    final_sale: false,
    category_ids: [],
    draft,
    variant: [],
    url_media: [],
    is_bundling: false,
    max_bundling: 0,
    limit_qty_bundling: 0,
    bundling_option_1: [],
    bundling_option_2: [],
    bundling_option_3: [],
    bundling_option_4: [],
    bundling_option_5: [],
  }) as unknown as AdminProduct

const alerts: AdminProductAlerts = {
  product_code: 'KBY-01',
  sizes: [{ sku_product: 'KBY-01-M', ukuran: 'M', waiting: 7 }],
  price_drop_waiting: 2,
}

/** The product page; `draft` may change (a function read at each call), `publish` answers …/publish. */
function open(draft: boolean | (() => boolean), publish?: (call: StaffCall) => unknown) {
  const calls = fakeStaffApi((call) =>
    call.url === '/products/KBY-01/publish' && publish
      ? publish(call)
      : call.url === '/products/KBY-01'
        ? product(typeof draft === 'function' ? draft() : draft)
        : call.url === '/products/KBY-01/alerts'
          ? alerts
          : call.url === '/brands'
            ? [{ id: 18, name: 'Busana', slug: 'busana', tagline: '', products: 1 }]
            : [],
  )
  renderScreen(
    <Routes>
      <Route path="/products/:code" element={<ProductPage />} />
    </Routes>,
    { path: '/products/KBY-01' },
  )
  return calls
}

describe('ProductPage', () => {
  it('shows who waits for a restock on a published product', async () => {
    open(false)
    const heading = await screen.findByRole('heading', { name: 'Waiting for a restock' })
    const card = heading.closest('section')!
    expect((await within(card).findByRole('rowheader', { name: /^M/ })).nextSibling?.textContent).toBe('7')
    expect(within(card).getByText('Waiting for a price drop').nextSibling?.textContent).toBe('2')
  })

  it('leaves it out for a draft, and does not ask for it', async () => {
    const calls = open(true)
    expect(await screen.findByRole('heading', { name: 'Kebaya Kartini' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Waiting for a restock' })).toBeNull()
    expect(calls.some((call) => call.url.endsWith('/alerts'))).toBe(false)
  })
})

/** Whether the fake server has published KBY-01 (forced). */
let published = false

/** The server's 409 for a product without a photo and stock (issue 43), or the published product when forced. */
const publishAnswer = (call: StaffCall) =>
  (call.body as { force?: boolean } | undefined)?.force
    ? ((published = true), product(false))
    : refusal(409, 'STF115', 'This product has no picture and no stock in any warehouse', [
        { field: 'picture', message: 'no picture' },
        { field: 'stock', message: 'no stock in any warehouse' },
      ])

describe('publishing a product that is missing something (issue 43)', () => {
  afterEach(async () => {
    published = false
    await i18n.changeLanguage('en')
  })

  it('says what shoppers would miss and publishes only once asked again, with force', async () => {
    stubModalDialog()
    const user = userEvent.setup()
    const calls = open(() => !published, publishAnswer)
    await user.click(await screen.findByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish anyway?' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No photo', 'Sold out: no stock in any warehouse'])
    const publishes = () => calls.filter((call) => call.url === '/products/KBY-01/publish')
    expect(publishes().map((call) => call.body)).toEqual([undefined])
    // The refusal is the dialog's question, not an error under the button.
    expect(screen.queryByRole('alert')).toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }))
    expect(await screen.findByText('Published', { exact: true })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(publishes().map((call) => call.body)).toEqual([undefined, { force: true }])
  })

  it('publishes nothing when cancelled, and asks in Indonesian', async () => {
    stubModalDialog()
    await i18n.changeLanguage('id')
    const user = userEvent.setup()
    const calls = open(true, publishAnswer)
    await user.click(await screen.findByRole('button', { name: 'Terbitkan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tetap terbitkan?' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Belum ada foto', 'Habis: tidak ada stok di gudang mana pun'])
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((call) => call.url === '/products/KBY-01/publish')).toHaveLength(1)
    expect(screen.getByText('Draf', { exact: true })).toBeTruthy()
  })

  it('shows a refusal that forcing cannot pass (no size) as it is, without asking', async () => {
    stubModalDialog()
    const user = userEvent.setup()
    open(true, () =>
      refusal(409, 'STF113', 'This product has no size: add a size before publishing', [
        { field: 'size', message: 'no size' },
      ]),
    )
    await user.click(await screen.findByRole('button', { name: 'Publish' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This product has no size: add a size before publishing',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
