import sharp from 'sharp'
import { test, expect } from './fixtures/storefront.ts'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

/** A photo as a merchandiser's camera gives it: a JPEG, larger than the shop shows. */
const photo = () =>
  sharp({ create: { width: 1500, height: 2000, channels: 3, background: { r: 120, g: 150, b: 110 } } })
    .jpeg({ quality: 80 })
    .toBuffer()

test(
  'a merchandiser creates a product with a size, a photo and a countdown, publishes it and puts it on the home carousel; shoppers see it',
  { tag: ['@split', '@nginx'] },
  async ({ page, browser }) => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
    const code = `E2E-${tag}`
    const name = `Kemeja Linen Jurnal ${tag}`

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const office = new BackOffice(await context.newPage())
    const admin = office.page
    await office.useEnglish()
    await office.signIn(STAFF.email, STAFF.password)

    // A draft with its code, brand and name.
    await office.open('Products')
    await admin.getByRole('link', { name: 'New product' }).click()
    await admin.getByLabel('Product code').fill(code)
    await admin.getByLabel('Brand').selectOption('9')
    await admin.getByLabel('Name').fill(name)
    await admin.getByRole('button', { name: 'Create the draft' }).click()
    await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(admin.getByText('Draft', { exact: true })).toBeVisible()

    // A draft is not in the shop.
    const hidden = await page.request.get(`/api/v1/product/${code}`, { headers: { 'x-brand-id': '9' } })
    expect(hidden.status()).toBe(404)

    // A size with its price and weight.
    const sizes = admin
      .getByRole('form')
      .filter({ hasText: 'Add a size' })
      .or(admin.locator('form', { hasText: 'Add a size' }))
    await sizes.getByLabel('Size').fill('M')
    await sizes.getByLabel('SKU').fill(`${code}-M`)
    await sizes.getByLabel('Price (Rp)').fill('275000')
    await sizes.getByLabel('Weight (g)').fill('350')
    await sizes.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(admin.getByLabel(`Price (Rp) ${code}-M`)).toHaveValue('275000')

    // A photo, re-encoded by the server; its WebP is what the gallery shows.
    await admin
      .getByLabel('Upload photos')
      .setInputFiles({ name: 'kemeja.jpg', mimeType: 'image/jpeg', buffer: await photo() })
    await expect(admin.getByRole('img', { name: 'Item 1' })).toHaveAttribute('src', /\/media\/.+\.webp$/)

    // A category, the struck price and a countdown ending in the shop's time.
    await admin.getByRole('checkbox', { name: 'New Drop (new-drop)' }).check()
    await admin.getByLabel('Struck-through price (Rp)').fill('350000')
    await admin.getByLabel('Show a countdown').check()
    await admin.getByLabel('Ends at (WIB, UTC+7)').fill('2030-06-30T21:00')
    await admin.getByRole('button', { name: 'Save', exact: true }).first().click()
    await expect(admin.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()

    // Stock arrives at the warehouse (the stock calls; the stock screen has its own journey).
    const token = (await (await admin.request.post('/api/admin/v1/auth/login', { data: STAFF })).json()).data
      .token
    const received = await admin.request.post('/api/admin/v1/stock/adjust', {
      headers: { authorization: `Bearer ${token}` },
      data: { sku_product: `${code}-M`, delta: 12, reason: 'received' },
    })
    expect(received.ok(), await received.text()).toBe(true)

    await admin.getByRole('button', { name: 'Publish' }).click()
    await expect(admin.getByText('Published', { exact: true })).toBeVisible()
    await admin.screenshot({ path: `${shotsDir}product.png`, fullPage: true })
    const href = await admin.getByRole('link', { name: 'View in the shop' }).getAttribute('href')

    // On the home carousel "New Drop", first.
    await office.open('Home carousels')
    const carousel = admin.getByRole('form', { name: 'Carousel New Drop (new-drop)' })
    const products = carousel.getByLabel('Products in the list')
    await products.fill(`${code}, ${await products.inputValue()}`)
    await carousel.getByRole('button', { name: 'Save' }).click()
    await expect(carousel.getByLabel('Products in the list')).toHaveValue(new RegExp(`^${code}, `))
    await admin.screenshot({ path: `${shotsDir}sliders.png`, fullPage: true })

    // The shopper: the product page with its price, struck price and countdown.
    await page.goto(href!)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(/Rp\.? ?275[.,]000/).first()).toBeVisible()
    await expect(page.getByText(/Rp\.? ?350[.,]000/).first()).toBeVisible()
    await expect(page.getByTestId('product-countdown')).toBeVisible()

    // The home page: within seconds, on any process, the carousel leads with it.
    await expect(async () => {
      await page.goto('/')
      await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeAttached({ timeout: 3000 })
    }).toPass({ timeout: 30_000 })
    await context.close()
  },
)
