import type { APIRequestContext } from '@playwright/test'
import { test, expect, productUrl } from './fixtures/storefront.ts'
import { BackOffice, shopperSeesSoon } from './fixtures/admin.ts'
import { ownerHeaders } from './fixtures/admin-accounts.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'
const STAFF_API = '/api/admin/v1'

/** A published product of the main brand made for this journey (one size): its code and name. */
async function productOfOwn(request: APIRequestContext) {
  const headers = await ownerHeaders(request)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase()
  const code = `DSC-${tag}`
  const name = `Kemeja Deskripsi ${tag}`
  const made = await request.post(`${STAFF_API}/products`, {
    headers,
    data: { product_code: code, id_brand: 9, product_name: name },
  })
  expect(made.ok(), await made.text()).toBe(true)
  const size = await request.post(`${STAFF_API}/products/${code}/variants`, {
    headers,
    data: { sku_product: `${code}-M`, ukuran: 'M', selling_price: 219_000, weight_grams: 250 },
  })
  expect(size.ok(), await size.text()).toBe(true)
  const published = await request.post(`${STAFF_API}/products/${code}/publish`, {
    headers,
    data: { force: true },
  })
  expect(published.ok(), await published.text()).toBe(true)
  return { code, name }
}

/** What Word puts on the clipboard for a bulleted line and a bold red heading (styles and all). */
const WORD_HTML =
  "<p class=MsoListParagraph style='mso-list:l0 level1 lfo1;margin-left:36pt'><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7pt \"Times New Roman\"'>&nbsp;&nbsp;</span></span><span style='font-family:Calibri'>Lengan panjang</span></p>" +
  "<p class=MsoListParagraph style='mso-list:l0 level1 lfo1;margin-left:36pt'><span style='font-family:Symbol;mso-list:Ignore'>·<span>&nbsp;</span></span>Kancing kayu</p>" +
  "<p class=MsoNormal><b><span style='font-family:Calibri;color:red'>Perawatan</span></b> cuci dingin</p>"

/**
 * Descriptions without HTML (issue 43 part 2, decision 057): a merchandiser writes with the
 * toolbar (bold, a bulleted list) and pastes from Word; the shop's product page shows the same
 * structure with none of Word's styles. At 1280 px in English and 390 px in Indonesian, axe on the
 * product form both ways.
 */
test('a merchandiser writes a description with the toolbar and pastes from Word; the shop shows it clean, at both widths and in both languages', async ({
  browser,
  page,
}, testInfo) => {
  test.slow()
  const product = await productOfOwn(page.request)
  const office = await BackOffice.signedIn(browser, STAFF)
  const admin = office.page
  const axe = new AxeReport(admin, testInfo)

  await admin.goto(`/admin/products/${product.code}`)
  await expect(admin.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  // The product's own brand shows (the names arrive after the form: it showed the first brand).
  await expect(
    admin.getByRole('combobox', { name: 'Brand', exact: true }).locator('option:checked'),
  ).toHaveText('Prepps (9)')
  const editor = admin.getByRole('textbox', { name: 'Description', exact: true })
  await expect(editor).toBeVisible()
  await editor.click()
  await admin.keyboard.type('Linen ')
  await admin.getByRole('button', { name: 'Bold', exact: true }).click()
  await admin.keyboard.type('adem')
  await admin.getByRole('button', { name: 'Bold', exact: true }).click()
  await admin.keyboard.type(' untuk siang hari.')
  await admin.keyboard.press('Enter')
  // Pasted from Word: its list paragraphs become a list, its fonts and colours go.
  await editor.evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Lengan panjang\nKancing kayu\nPerawatan cuci dingin')
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, WORD_HTML)
  await expect(editor.locator('li')).toHaveText(['Lengan panjang', 'Kancing kayu'])
  await expect(editor.locator('strong').first()).toHaveText('adem')
  await axe.check('bo product description')
  await admin.screenshot({ path: `${shotsDir}description-1280-en.png`, fullPage: true })
  const details = admin.locator('form').filter({ has: editor })
  await details.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(details.getByText('Saved', { exact: true })).toBeVisible()

  // The shop shows the structure, with nothing of Word's styles.
  await shopperSeesSoon(page, productUrl(product), async () => {
    const description = page.getByTestId('product-description')
    await expect(description.locator('strong').first()).toHaveText('adem', { timeout: 1_000 })
  })
  const description = page.getByTestId('product-description')
  await expect(description.locator('li')).toHaveText(['Lengan panjang', 'Kancing kayu'])
  const html = await description.innerHTML()
  expect(html).not.toMatch(/style=|class="?Mso|Calibri|mso-list/)

  // 390 px, Indonesian: the toolbar in the shop's words, the form without sideways scrolling.
  await office.useLanguage('id')
  await admin.setViewportSize({ width: 390, height: 844 })
  await admin.goto(`/admin/products/${product.code}`)
  const editorId = admin.getByRole('textbox', { name: 'Deskripsi', exact: true })
  await expect(editorId.locator('li')).toHaveText(['Lengan panjang', 'Kancing kayu'])
  await expect(admin.getByRole('toolbar').getByRole('button', { name: 'Tebal' })).toBeVisible()
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
  await axe.check('bo product description (390, id)')
  await admin.screenshot({ path: `${shotsDir}description-390-id.png`, fullPage: true })
  await axe.done()
  await admin.context().close()
})
