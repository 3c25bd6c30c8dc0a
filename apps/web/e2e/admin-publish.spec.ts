import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { BackOffice } from './fixtures/admin.ts'
import { ownerHeaders } from './fixtures/admin-accounts.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'
const STAFF_API = '/api/admin/v1'

/** A draft of the main brand with one size, no photo and no stock, made for this journey: code and name. */
async function incompleteDraft(request: APIRequestContext, name: string) {
  const headers = await ownerHeaders(request)
  const code = `PUB-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase()
  const made = await request.post(`${STAFF_API}/products`, {
    headers,
    data: { product_code: code, id_brand: 9, product_name: `${name} ${code.slice(4)}` },
  })
  expect(made.ok(), await made.text()).toBe(true)
  const size = await request.post(`${STAFF_API}/products/${code}/variants`, {
    headers,
    data: { sku_product: `${code}-M`, ukuran: 'M', selling_price: 189_000, weight_grams: 250 },
  })
  expect(size.ok(), await size.text()).toBe(true)
  return { code, name: `${name} ${code.slice(4)}` }
}

/**
 * Publishing checks (issue 43): publishing a draft with no photo and no stock asks first, naming
 * what shoppers would miss; cancelling publishes nothing, "Publish anyway" publishes it. At 1280 px
 * in English and at 390 px in Indonesian, with axe on the question.
 */
test('a merchandiser is asked before publishing a product without a photo or stock, at both widths and in both languages', async ({
  browser,
  page,
}, testInfo) => {
  const first = await incompleteDraft(page.request, 'Kulot Uji')
  const second = await incompleteDraft(page.request, 'Rok Uji')
  const office = await BackOffice.signedIn(browser, STAFF)
  const admin = office.page
  const context = admin.context()
  const axe = new AxeReport(admin, testInfo)

  // 1280 px, English: the question names what is missing; cancelling leaves the draft.
  await admin.goto(`/admin/products/${first.code}`)
  await expect(admin.getByRole('heading', { level: 1, name: first.name })).toBeVisible()
  await admin.getByRole('button', { name: 'Publish', exact: true }).click()
  const dialog = admin.getByRole('dialog', { name: 'Publish anyway?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('listitem')).toHaveText(['No photo', 'Sold out: no stock in any warehouse'])
  await axe.check('bo publish anyway?')
  await admin.screenshot({ path: `${shotsDir}publish-check-1280-en.png` })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(admin.getByText('Draft', { exact: true })).toBeVisible()
  const hidden = await page.request.get(`/api/v1/pages/product?product_code=${first.code}`, {
    headers: { 'x-brand-id': '9' },
  })
  expect(hidden.status()).toBe(404)

  // Asked again, published anyway.
  await admin.getByRole('button', { name: 'Publish', exact: true }).click()
  await dialog.getByRole('button', { name: 'Publish anyway' }).click()
  await expect(dialog).toBeHidden()
  await expect(admin.getByText('Published', { exact: true })).toBeVisible()

  // 390 px, Indonesian: the same question in the shop's words, usable without sideways scrolling.
  await office.useLanguage('id')
  await admin.setViewportSize({ width: 390, height: 844 })
  await admin.goto(`/admin/products/${second.code}`)
  await expect(admin.getByRole('heading', { level: 1, name: second.name })).toBeVisible()
  await admin.getByRole('button', { name: 'Terbitkan', exact: true }).click()
  const tanya = admin.getByRole('dialog', { name: 'Tetap terbitkan?' })
  await expect(tanya).toBeVisible()
  await expect(tanya.getByRole('listitem')).toHaveText([
    'Belum ada foto',
    'Habis: tidak ada stok di gudang mana pun',
  ])
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
  await axe.check('bo publish anyway? (id)')
  await admin.screenshot({ path: `${shotsDir}publish-check-390-id.png` })
  await tanya.getByRole('button', { name: 'Tetap terbitkan' }).click()
  await expect(tanya).toBeHidden()
  await expect(admin.getByText('Terbit', { exact: true })).toBeVisible()
  for (const code of [first.code, second.code]) {
    await expect
      .poll(async () =>
        (
          await page.request.get(`/api/v1/pages/product?product_code=${code}`, {
            headers: { 'x-brand-id': '9' },
          })
        ).status(),
      )
      .toBe(200)
  }
  await axe.done()
  await context.close()
})
