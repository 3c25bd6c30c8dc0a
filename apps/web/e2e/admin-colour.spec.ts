import { test, expect } from './fixtures/storefront.ts'
import { BackOffice } from './fixtures/admin.ts'
import { productOfOwn } from './fixtures/admin-ops.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

/**
 * A product's colour family (issue 39): set in the back office's product editor, shown in the
 * product list with its swatch, and answered on the public product page at once.
 */
test('a merchandiser sets a colour family in the editor; the list shows it and the product page answers it', async ({
  page,
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const office = new BackOffice(await context.newPage())
  const admin = office.page
  // A product of this journey's own (in no listing, so no other journey's counts move).
  const product = await productOfOwn(admin.request)
  const publicColour = async () => {
    const res = await page.request.get(`/api/v1/pages/product?product_code=${product.code}`, {
      headers: { 'x-brand-id': '9' },
    })
    expect(res.status()).toBe(200)
    return (await res.json()).data.data.colour_family as string | null
  }
  expect(await publicColour()).toBeNull()

  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password)
  await admin.goto(`/admin/products/${product.code}`)
  await expect(admin.getByRole('heading', { level: 1, name: product.name })).toBeVisible()

  const colour = admin.getByLabel('Colour family')
  await expect(colour).toHaveValue('')
  await colour.selectOption({ label: 'Green' })
  await expect(admin.locator('[data-colour-family="green"]')).toBeVisible()
  const axe = new AxeReport(admin, testInfo)
  await axe.check('bo product editor with a colour family')
  await admin.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(admin.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()

  // The shop answers it at once: the change dropped the cached product page.
  await expect.poll(publicColour, { timeout: 10_000 }).toBe('green')

  // The list shows the family beside the product, with its swatch.
  await office.open('Products')
  const search = admin.getByRole('searchbox', { name: 'Search' })
  await search.fill(product.code)
  await search.press('Enter')
  const row = admin.getByRole('row').filter({ hasText: product.code })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell', { name: 'Green' })).toBeVisible()
  await expect(row.locator('[data-colour-family="green"]')).toBeVisible()
  await axe.check('bo product list with colours')

  // None clears it again.
  await admin.goto(`/admin/products/${product.code}`)
  await admin.getByLabel('Colour family').selectOption({ label: 'None' })
  await admin.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(admin.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  await expect.poll(publicColour, { timeout: 10_000 }).toBeNull()
  await axe.done()
  await context.close()
})
