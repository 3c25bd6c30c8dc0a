import { expect, productUrl, demo, test } from './fixtures/storefront.ts'
import { Account, PASSWORD, registerMember, storeSession } from './fixtures/account.ts'
import { Wishlist } from './fixtures/wishlist.ts'

const product = demo.singleVariant

test('a member wishes a product, sees it after a reload and on the wishlist page, then removes it', async ({
  page,
  request,
  store,
}) => {
  const { user } = await registerMember(request, 'wish')
  await storeSession(page, user)
  const wishlist = new Wishlist(page)
  const account = new Account(page)

  await page.goto(productUrl(product))
  await account.expectSignedIn()
  await wishlist.addButton().click()
  await expect(wishlist.message('Added to My Wishlist')).toBeVisible()
  await expect(wishlist.removeButton()).toHaveAttribute('aria-pressed', 'true')

  // The page is public and cached: the member's flag comes after the session is read.
  await page.reload()
  await account.expectSignedIn()
  await expect(wishlist.removeButton()).toBeVisible()
  await wishlist.removeButton().click()
  await expect(wishlist.message('Remove from My Wishlist')).toBeVisible()
  await expect(wishlist.addButton()).toHaveAttribute('aria-pressed', 'false')
  await wishlist.addButton().click()
  await expect(wishlist.removeButton()).toBeVisible()

  await page.goto('/member/wishlist')
  await expect(wishlist.heading()).toBeVisible()
  await expect(wishlist.cards()).toHaveCount(1)
  await expect(wishlist.cards().first()).toContainText(product.name)
  await expect(wishlist.cards().first()).toHaveAttribute('href', productUrl(product))
  await store.expectNoHorizontalOverflow()

  await wishlist.removeFromPage(product.name).click()
  await expect(wishlist.message('Remove from My Wishlist')).toBeVisible()
  await expect(wishlist.emptyTitle()).toBeVisible()
  await expect(page.getByRole('link', { name: 'SHOP NOW' })).toHaveAttribute('href', '/')

  // Gone on the product page too, once the member's flag has come back.
  const flag = page.waitForResponse(
    (r) => r.url().includes('/api/v1/pages/product?') && r.url().includes('token='),
  )
  await page.goto(productUrl(product))
  await flag
  await expect(wishlist.addButton()).toHaveAttribute('aria-pressed', 'false')
})

test('issue 26 item 12: a visitor who presses the heart and signs in has the product on the wishlist', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'wish-visitor')
  const wishlist = new Wishlist(page)
  const account = new Account(page)

  await page.goto(productUrl(product))
  await wishlist.addButton().click()
  await expect(account.dialog()).toBeVisible()
  await account.login(member.email, PASSWORD)
  await account.expectSignedIn()
  await expect(wishlist.message('Added to My Wishlist')).toBeVisible()
  await expect(wishlist.removeButton()).toHaveAttribute('aria-pressed', 'true')
  await account.dismissCampaign()

  await page.goto('/member/wishlist')
  await expect(wishlist.cards()).toHaveCount(1)
  await expect(wishlist.cards().first()).toContainText(product.name)
})
