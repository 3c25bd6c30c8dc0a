import { test, expect, demo, productUrl } from './fixtures/storefront.ts'
import {
  Account,
  freshIdentity,
  registerMember,
  signInGuestByPhone,
  storeGuestSession,
  storeSession,
} from './fixtures/account.ts'
import { addPrimaryAddress, addToBag } from './fixtures/checkout.ts'
import { PaymentPages, placeOrder, receiveOneHat, settle } from './fixtures/payment.ts'
import { AxeReport } from './fixtures/axe.ts'

/**
 * axe-core on every storefront page a shopper reaches, at both widths (issue 29): WCAG 2.0–2.2
 * A/AA and best practices. A critical or serious violation fails the journey; each journey prints
 * and attaches its table of page × violations by impact.
 */

test('axe: the shop: home, junior home, listing, quick view, search, product, bag', async ({
  page,
  store,
}, testInfo) => {
  test.slow()
  const axe = new AxeReport(page, testInfo)
  await page.goto('/')
  await axe.check('home')
  await page.goto('/prepps-jr')
  await axe.check('junior home')
  await page.goto('/shop/9/category/new-drop')
  await expect(store.cards().first()).toBeVisible()
  await axe.check('listing')
  if (store.isLaptop) {
    // Wider than 1024 px a card opens the quick view (docs/product/shopping.md §2).
    await store.cards().first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await axe.check('quick view')
  }
  await page.goto('/search?query=kemeja')
  await expect(store.cards().first()).toBeVisible()
  await axe.check('search')
  await page.goto(productUrl(demo.onSale))
  await axe.check('product')
  await page.goto('/cart')
  await axe.check('bag')
  await axe.done()
})

test('axe: tracking, help, articles, about and the stores', async ({ page }, testInfo) => {
  test.slow()
  const axe = new AxeReport(page, testInfo)
  await page.goto('/tracking')
  await axe.check('tracking')
  await page.goto('/help/faq')
  await axe.check('faq')
  await page.goto('/article')
  await axe.check('articles')
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/article\/.+/)
  await axe.check('article')
  await page.goto('/about-us')
  await axe.check('about us')
  await page.goto('/our-store')
  await axe.check('our stores')
  await axe.done()
})

test('axe: the sign-in and register dialogs', async ({ page }, testInfo) => {
  const axe = new AxeReport(page, testInfo)
  await page.goto('/')
  const account = new Account(page)
  await account.openSignIn()
  await axe.check('sign-in dialog')
  await account.dialog().getByRole('button', { name: 'Register' }).click()
  await expect(account.dialog('Register')).toBeVisible()
  await axe.check('register dialog')
  await axe.done()
})

test('axe: a member with an address and a bag line: checkout and the account pages', async ({
  page,
  request,
}, testInfo) => {
  test.slow()
  const axe = new AxeReport(page, testInfo)
  const member = await registerMember(request, 'axe')
  await addPrimaryAddress(request, member.user.token)
  await addToBag(request, member.user.token, demo.singleVariant.code)
  await storeSession(page, member.user)
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await axe.check('checkout')
  for (const [path, label] of [
    ['/member', 'account'],
    ['/member/account-info', 'account info'],
    ['/member/address', 'addresses'],
    ['/member/wishlist', 'wishlist'],
  ] as const) {
    await page.goto(path)
    await axe.check(label)
  }
  await axe.done()
})

test('axe: an order: waiting page, detail, order list and reviews', async ({ page, request }, testInfo) => {
  test.slow()
  const axe = new AxeReport(page, testInfo)
  const id = await placeOrder(page, request, 'BCA Virtual Account', 'axe-order')
  const payment = new PaymentPages(page)
  await expect(payment.waiting()).toBeVisible()
  await axe.check('order waiting')
  await settle(request, await payment.orderNumber(), 'pay')
  await payment.checkPayment().click()
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/success$`))
  await axe.check('order paid')
  await page.goto(`/member/order/${id}`)
  await expect(page.getByTestId('order-detail')).toBeVisible()
  await axe.check('order detail')
  await page.goto('/member/order')
  await axe.check('order list')
  await page.goto('/member/review')
  await axe.check('reviews')
  await axe.done()
})

test('axe: the guest checkout', async ({ page, request }, testInfo) => {
  const axe = new AxeReport(page, testInfo)
  const { phone } = freshIdentity('axe-guest')
  const user = await signInGuestByPhone(request, phone)
  await receiveOneHat(request)
  await addToBag(request, user.token, demo.singleVariant.code)
  await storeGuestSession(page, user, phone)
  await page.goto('/checkout-as-guest')
  await expect(page.getByRole('form', { name: 'Shipping address' })).toBeVisible()
  await axe.check('guest checkout')
  await axe.done()
})
