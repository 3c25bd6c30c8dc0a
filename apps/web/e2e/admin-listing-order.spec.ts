import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { BackOffice, shopperSeesSoon } from './fixtures/admin.ts'
import { ownerHeaders } from './fixtures/admin-accounts.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

/**
 * A category of the main brand made for this journey (no other journey reads it), holding four of
 * the demo's published products in the order given: its id, URL name and the products' codes.
 */
async function categoryOfOwn(request: APIRequestContext) {
  const headers = await ownerHeaders(request)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
  const name = `e2e-order-${tag}`
  const made = await request.post('/api/admin/v1/categories', {
    headers,
    data: { id_brand: 9, name, title: `Urutan ${tag}` },
  })
  expect(made.ok(), await made.text()).toBe(true)
  const { id } = (await made.json()).data as { id: number }
  const drop = await request.get('/api/v1/pages/category?category=new-drop&limit=4', {
    headers: { 'x-brand-id': '9' },
  })
  const codes = ((await drop.json()).data as { item: { product_code: string }[] }[])
    .flatMap((group) => group.item.map((item) => item.product_code))
    .slice(0, 4)
  expect(codes).toHaveLength(4)
  const placed = await request.put(`/api/admin/v1/categories/${id}/products`, {
    headers,
    data: { products: codes.map((product_code) => ({ product_code, segment_id: null })) },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  return { id, name, codes }
}

test("a merchandiser orders a category's products by dragging with the keyboard and with the buttons, at both widths and in both languages; the shop's listing follows", async ({
  browser,
  page,
}, testInfo) => {
  const { id, name, codes } = await categoryOfOwn(page.request)
  const [a, b, c, d] = codes as [string, string, string, string]
  const office = await BackOffice.signedIn(browser, STAFF)
  const admin = office.page
  const context = admin.context()
  const axe = new AxeReport(admin, testInfo)

  // From the categories screen to the category's order.
  await admin.goto('/admin/categories?brand=9')
  await admin
    .getByRole('link', { name: new RegExp(`^Order of products in Urutan`) })
    .first()
    .waitFor()
  await admin.goto(`/admin/categories/${id}/products?brand=9`)
  await expect(admin.getByRole('heading', { level: 1, name: /^Order of Urutan/ })).toBeVisible()
  const list = admin.getByRole('list', { name: '4 products, as shoppers see them' })
  const order = () =>
    admin.locator('li[data-code]').evaluateAll((items) => items.map((i) => i.getAttribute('data-code')))
  await expect.poll(order).toEqual([a, b, c, d])
  await axe.check('bo listing order')
  await admin.screenshot({ path: `${shotsDir}listing-order-1280.png`, fullPage: true })

  // The drag, from the keyboard: pick up the last with space, two places up, drop with space.
  const handle = list.getByRole('button', { name: /^Drag .*, place 4$/ })
  await handle.focus()
  await admin.keyboard.press('Space')
  await admin.keyboard.press('ArrowUp')
  await admin.keyboard.press('ArrowUp')
  await admin.keyboard.press('Space')
  await expect.poll(order).toEqual([a, d, b, c])
  await expect(admin.getByRole('status').filter({ hasText: 'is now at place 2.' })).toBeVisible()

  // The buttons: the second to the top.
  const second = list.getByRole('listitem').nth(1)
  await second.getByRole('button', { name: /to the top$/ }).click()
  await expect.poll(order).toEqual([d, a, b, c])
  await expect(admin.getByRole('status').filter({ hasText: 'is now at place 1.' })).toBeVisible()

  // Where new products go: to the top from now on, kept after a reload.
  const place = admin.getByLabel('Where a new product goes')
  await expect(place).toHaveValue('bottom')
  await place.selectOption('top')
  await expect(admin.getByText('Saved: new products go to the top.')).toBeVisible()
  await admin.reload()
  await expect(admin.getByLabel('Where a new product goes')).toHaveValue('top')
  await expect.poll(order).toEqual([d, a, b, c])

  // The shop's listing of the category follows.
  await shopperSeesSoon(page, `/shop/9/category/${name}`, async () => {
    const shown = await page
      .getByTestId('product-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-code')))
    expect(shown.slice(0, 4)).toEqual([d, a, b, c])
  })

  // On a phone, in Indonesian: the buttons stay usable and the page does not scroll sideways.
  await office.chooseLanguage('id')
  await admin.setViewportSize({ width: 390, height: 844 })
  await expect(admin.getByRole('heading', { level: 1, name: /^Urutan Urutan/ })).toBeVisible()
  const phoneList = admin.getByRole('list', { name: '4 produk, seperti dilihat pembeli' })
  await phoneList
    .getByRole('listitem')
    .nth(0)
    .getByRole('button', { name: /ke paling bawah$/ })
    .click()
  await expect.poll(order).toEqual([a, b, c, d])
  await expect(admin.getByRole('status').filter({ hasText: 'sekarang di urutan 4.' })).toBeVisible()
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
  await axe.check('bo listing order (id)')
  await admin.screenshot({ path: `${shotsDir}listing-order-390-id.png`, fullPage: true })
  await axe.done()
  await context.close()
})
