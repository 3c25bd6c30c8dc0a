import { test, expect, demo, hydrated, productUrl } from './fixtures/storefront.ts'
import { PaymentPages, placeOrder, settle } from './fixtures/payment.ts'
import { freshWaybill, staffAction, staffToken } from './fixtures/orders.ts'
import { RED_PNG, ReviewPages } from './fixtures/reviews.ts'

test('a delivered order is reviewed with a photo: waiting, the form, thanks, reviewed, and on the product page', async ({
  page,
  request,
}) => {
  await placeOrder(page, request, 'BCA Virtual Account', 'reviews')
  const number = await new PaymentPages(page).orderNumber()
  await settle(request, number, 'pay')
  const token = await staffToken(request)
  await staffAction(request, token, number, 'ship', { courier: 'jne', no_resi: freshWaybill() })
  await staffAction(request, token, number, 'deliver')

  // The member area prompts for the waiting review, and the menu's Reviews entry has its red dot.
  await page.goto('/member/order')
  await expect(page.getByTestId('review-prompt')).toContainText('waiting for your review')
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(page.getByRole('link', { name: /Reviews/ }).getByTestId('menu-dot')).toBeVisible()
  }
  await page.getByRole('link', { name: 'Review now' }).click()
  await expect(page).toHaveURL(/\/member\/review$/)

  const reviews = new ReviewPages(page)
  await expect(reviews.tab('Waiting to Review')).toHaveAttribute('aria-selected', 'true')
  const line = reviews.list().getByRole('listitem').filter({ hasText: number })
  await expect(line).toContainText(demo.singleVariant.name)
  await line.getByRole('button', { name: 'WRITE A REVIEW' }).click()

  const form = reviews.form()
  const submit = form.getByRole('button', { name: 'SUBMIT REVIEW' })
  await expect(submit).toBeDisabled()
  await form.getByRole('radio', { name: '4 of 5 stars' }).click()
  await form.getByLabel('Your review').fill('Nice <b>hat</b>, fits well.')
  await expect(form).toContainText('273 characters left')
  await form
    .getByTestId('review-photo-input')
    .setInputFiles({ name: 'hat.png', mimeType: 'image/png', buffer: RED_PNG })
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible()
  await expect(submit).toBeEnabled()
  await submit.click()

  // Thanks; nothing else waits, so closing it goes home.
  await expect(reviews.thanks()).toBeVisible()
  await reviews.thanks().getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/member/review')
  await reviews.tab('Reviewed').click()
  const reviewed = reviews.list().getByRole('listitem').filter({ hasText: number })
  // Plain text as written: the tags show as text, never as markup.
  await expect(reviewed).toContainText('Nice <b>hat</b>, fits well.')
  await expect(reviewed.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible()
  const photo = reviewed.getByRole('img', { name: 'Photo 1' })
  await expect(photo).toHaveAttribute('src', /^\/media\/review\/[\w-]{32}\.webp$/)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8)

  // The product page shows it after hydration, and its JSON-LD carries the AggregateRating.
  await page.goto(productUrl(demo.singleVariant))
  await hydrated(page)
  const section = page.getByTestId('product-reviews')
  await expect(section).toContainText('Nice <b>hat</b>, fits well.')
  await expect(section).toContainText('Verified buyer')
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const product = jsonLd.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product')
  expect(product.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5 })
  expect(product.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1)
})
