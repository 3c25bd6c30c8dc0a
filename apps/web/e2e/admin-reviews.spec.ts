import { test, expect } from './fixtures/storefront.ts'
import { BackOffice } from './fixtures/admin.ts'
import { reviewedOrder, shopToday } from './fixtures/admin-reviews.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

test("a buyer's review of today is on the back office's reviews list of today, linked to its order", async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const { number, text, reviewer } = await reviewedOrder(page, request, 'bo-review')
  const today = shopToday()

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password)
  // In the menu after Orders and its Returns (issue 40).
  const links = await office.menu().getByRole('link').allTextContents()
  expect(links.indexOf('Returns')).toBe(links.indexOf('Orders') + 1)
  expect(links.indexOf('Reviews')).toBe(links.indexOf('Returns') + 1)

  // The home's link: the reviews published today.
  await office.page.goto(`/admin/reviews?from=${today}&to=${today}`)
  await expect(office.page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible()
  await expect(office.page.getByLabel('Published from')).toHaveValue(today)
  await expect(office.page.getByLabel('Published until')).toHaveValue(today)
  const row = office.page.getByRole('row').filter({ hasText: text })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('img', { name: '4 of 5 stars' })).toHaveText('4/5')
  await expect(row).toContainText('WIB')
  // The reviewer as published: first name and initial, never the full name.
  const [first, ...rest] = reviewer.split(' ')
  await expect(row).toContainText(`${first} ${rest.at(-1)![0]!.toUpperCase()}.`)
  await expect(row).not.toContainText(reviewer)
  const photo = row.getByRole('img', { name: /^Photo 1 of the review by / })
  await expect(photo).toHaveAttribute('src', /^\/media\/review\/[\w-]{32}\.webp$/)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8)
  await office.page.screenshot({ path: `${shotsDir}reviews-1280.png`, fullPage: true })
  await office.page.setViewportSize({ width: 390, height: 844 })
  await expect(row).toBeVisible()
  await office.page.screenshot({ path: `${shotsDir}reviews-390.png`, fullPage: true })
  await office.page.setViewportSize({ width: 1280, height: 800 })

  // A filter that leaves it out says so; the search finds it by its order number.
  await office.page.getByRole('combobox', { name: 'Stars' }).selectOption('1')
  await expect(office.page).toHaveURL(/rating=1/)
  await expect(office.page.getByRole('row').filter({ hasText: text })).toHaveCount(0)
  await office.page.getByRole('combobox', { name: 'Stars' }).selectOption('')
  await office.page.getByRole('searchbox', { name: 'Search' }).fill(number)
  await office.page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(office.page.getByRole('row').filter({ hasText: text })).toHaveCount(1)

  // Its order opens in the back office.
  await row.getByRole('link', { name: `Order ${number}` }).click()
  await expect(office.page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await context.close()
})
