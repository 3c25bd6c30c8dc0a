import { readFile } from 'node:fs/promises'
import { test, expect } from './fixtures/storefront.ts'
import { BackOffice } from './fixtures/admin.ts'
import { ownerHeaders } from './fixtures/admin-accounts.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

/** A CSV file for the file input: the given lines joined with CRLF, as Excel saves them. */
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
})

/**
 * Bulk upload (issue 43 part 7): the owner exports the catalogue (UTF-8 with a BOM, one row per
 * size, a stock column per warehouse), checks a file of a new product with two sizes (nothing
 * changes until applied) and applies it; at 390 px in Indonesian a file with mistakes is named by
 * line and column and changes nothing. Axe on the dialog both ways.
 */
test('an owner exports the catalogue as CSV, checks a file and imports it; mistakes are named by line and column, at both widths and in both languages', async ({
  browser,
  page,
}, testInfo) => {
  test.slow()
  const office = await BackOffice.signedIn(browser, STAFF)
  const admin = office.page
  const axe = new AxeReport(admin, testInfo)

  // The export: what an owner opens in Excel.
  await admin.goto('/admin/products')
  await expect(admin.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV', exact: true }).click(),
  ])
  expect(download.suggestedFilename()).toBe('products.csv')
  const exported = await readFile((await download.path())!, 'utf8')
  expect(exported.charCodeAt(0)).toBe(0xfeff)
  const header = exported.slice(1).split(/\r?\n/)[0]!.split(',')
  expect(header.slice(0, 3)).toEqual(['product_code', 'id_brand', 'brand'])
  const stock = header.find((name) => name.startsWith('stock:'))!
  expect(stock).toBeTruthy()
  expect(exported).toContain('PRP-1026')

  // A new product with two sizes and units in the first warehouse: checked first, then applied.
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase()
  const code = `CSV-${tag}`
  const columns = `product_code,id_brand,product_name,sku_product,ukuran,selling_price,weight_grams,"${stock}"`
  const good = csvFile('new.csv', [
    columns,
    `${code},9,Kemeja Impor ${tag},${code}-M,M,259000,300,4`,
    `${code},9,Kemeja Impor ${tag},${code}-L,L,259000,320,2`,
  ])
  await admin.getByRole('button', { name: 'Import CSV', exact: true }).click()
  const dialog = admin.getByRole('dialog', { name: 'Import products from CSV' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('CSV file').setInputFiles(good)
  await dialog.getByRole('button', { name: 'Check the file' }).click()
  const plan = dialog.getByRole('region', { name: 'What the file changes' })
  await expect(plan).toBeVisible()
  await expect(plan.getByRole('table')).toContainText('New product, as a draft')
  await expect(plan.getByRole('table')).toContainText(`${code}-L`)
  await axe.check('bo product csv plan')
  await admin.screenshot({ path: `${shotsDir}product-csv-plan-1280-en.png`, fullPage: true })
  // Checked, not changed.
  const headers = await ownerHeaders(page.request)
  expect((await page.request.get(`/api/admin/v1/products/${code}`, { headers })).status()).toBe(404)
  await plan.getByRole('button', { name: 'Apply the changes' }).click()
  await expect(dialog.getByText('The file was imported.')).toBeVisible()
  const made = await page.request.get(`/api/admin/v1/products/${code}`, { headers })
  expect(made.status(), await made.text()).toBe(200)
  const product = (await made.json()).data as { draft: boolean; variant: { sku_product: string }[] }
  expect(product.draft).toBe(true)
  expect(product.variant.map((v) => v.sku_product).sort()).toEqual([`${code}-L`, `${code}-M`])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  // 390 px, Indonesian: a file with mistakes names each by line and column and changes nothing.
  await office.useLanguage('id')
  await admin.setViewportSize({ width: 390, height: 844 })
  await admin.goto('/admin/products')
  await expect(admin.getByRole('heading', { level: 1, name: 'Produk' })).toBeVisible()
  await admin.getByRole('button', { name: 'Impor CSV', exact: true }).click()
  const dialogId = admin.getByRole('dialog', { name: 'Impor produk dari CSV' })
  await dialogId
    .getByLabel('Berkas CSV')
    .setInputFiles(
      csvFile('salah.csv', [
        `${columns},picture_urls`,
        `${code},9,Kemeja Impor ${tag},${code}-M,M,murah,300,4,https://elsewhere.example/x.jpg`,
        `${code},9,Kemeja Impor ${tag},${code}-XL,XL,259000,300,1,https://elsewhere.example/x.jpg`,
      ]),
    )
  await dialogId.getByRole('button', { name: 'Periksa berkas' }).click()
  const errors = dialogId.getByRole('table', { name: /Perbaiki ini/ })
  await expect(errors).toBeVisible()
  await expect(errors.getByRole('row').filter({ hasText: 'selling_price' })).toContainText('2')
  // A picture from another host (only the shop's /media/ is taken).
  await expect(errors.getByRole('row').filter({ hasText: 'picture_urls' }).first()).toContainText('/media/')
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
  await axe.check('bo product csv errors (390, id)')
  await admin.screenshot({ path: `${shotsDir}product-csv-errors-390-id.png`, fullPage: true })
  const after = (await (await page.request.get(`/api/admin/v1/products/${code}`, { headers })).json())
    .data as {
    variant: { sku_product: string }[]
  }
  expect(after.variant.map((v) => v.sku_product).sort()).toEqual([`${code}-L`, `${code}-M`])
  await axe.done()
  await admin.context().close()
})
