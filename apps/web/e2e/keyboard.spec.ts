import { fileURLToPath } from 'node:url'
import { test, expect, demo } from './fixtures/storefront.ts'
import { registerMember, storeSession } from './fixtures/account.ts'
import { addPrimaryAddress } from './fixtures/checkout.ts'
import { receiveOneHat, settle, PaymentPages } from './fixtures/payment.ts'
import { freshWaybill, staffAction, staffToken } from './fixtures/orders.ts'
import { KeyboardUser } from './fixtures/keyboard.ts'

// In the repository's screenshots/ (ignored by git), which no run empties as it does test-results/.
const shotsDir = fileURLToPath(new URL('../../../screenshots/keyboard/', import.meta.url))

/**
 * Issue 29: a shopper who cannot use a mouse or a touch screen buys and reviews with Tab, Shift+Tab,
 * Enter, Space, Escape and the arrow keys alone. At every stop the focus ring shows, in view and not
 * under the sticky header or an overlay; a dialog keeps focus inside and gives it back to the
 * control that opened it. Only the bank (the sandbox) and the warehouse (staff) act by API.
 */
test('keyboard only: from the home page to a paid order and a review', async ({ page, request, store }) => {
  // Search, bag, checkout, payment, delivery and a review, one key at a time.
  test.slow()
  const keys = new KeyboardUser(page)
  const member = await registerMember(request, 'keyboard')
  await addPrimaryAddress(request, member.user.token)
  await receiveOneHat(request)
  await storeSession(page, member.user)
  await page.goto('/')

  // The first Tab reaches the skip link; Enter lands in the content, past the header and menu.
  await keys.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await keys.expectFocusVisible('on the skip link')
  await keys.press('Enter')
  await keys.press('Tab')
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(
    true,
  )

  // Search: Escape closes it and focus goes back to the Search button; then the hat by name.
  const searchButton = page.getByRole('banner').getByRole('button', { name: 'Search' })
  await keys.tabTo(searchButton, { back: true })
  await keys.press('Enter')
  const searchBox = page.getByRole('searchbox', { name: 'Search products' })
  await expect(searchBox).toBeFocused()
  await keys.press('Escape')
  await expect(searchBox).toBeHidden()
  await expect(searchButton).toBeFocused()
  await keys.press('Enter')
  await expect(searchBox).toBeFocused()
  await page.keyboard.type(demo.singleVariant.name)
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/search\?query=/)
  const card = store.cards().filter({ hasText: demo.singleVariant.name }).first()
  await keys.tabTo(card)

  // The card opens the product (a phone) or its quick view (a laptop, docs/product/shopping.md §2),
  // whose focus stays inside until Escape gives it back to the card.
  await keys.press('Enter')
  let panel = page.getByRole('main')
  if (store.isLaptop) {
    const quickView = page.getByRole('dialog')
    await expect(quickView).toBeVisible()
    for (let step = 0; step < 25; step += 1) {
      await keys.press('Tab')
      expect(await quickView.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    }
    await keys.press('Escape')
    await expect(quickView).toBeHidden()
    await expect(card).toBeFocused()
    await keys.press('Enter')
    await expect(quickView).toBeVisible()
    panel = quickView
  } else {
    await expect(page).toHaveURL(/\/shop\/product\//)
  }
  const addToBag = panel.getByRole('button', { name: 'ADD TO BAG' })
  await keys.tabTo(addToBag)
  await keys.press('Enter')
  const bagButton = page.getByRole('banner').getByRole('button', { name: /Shopping bag, 1 item/ })
  await expect(bagButton).toBeAttached()
  if (store.isLaptop) {
    await keys.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }

  // The bag, then the checkout.
  await keys.tabTo(bagButton, { back: true, max: 120 })
  await keys.press('Enter')
  // The bag button opens the quick bag (a dialog, its code loaded on first use); its link goes to
  // the bag page. Waiting for the dialog keeps the added-to-bag popup's own link, which the quick bag
  // hides as it opens, from being the one found.
  const quickBag = page.getByRole('dialog')
  await expect(quickBag.or(page.getByTestId('cart-summary')).first()).toBeVisible()
  if (!page.url().endsWith('/cart')) {
    const toBag = quickBag.getByRole('link', { name: /VIEW BAG|Shopping bag/i }).first()
    await keys.tabTo(toBag)
    await keys.press('Enter')
  }
  await expect(page).toHaveURL(/\/cart$/)
  // The bag page's own button: the bag's popup (and its CHECKOUT) may still be closing.
  const checkoutButton = page.getByTestId('cart-summary').getByRole('button', { name: 'CHECKOUT' })
  await keys.tabTo(checkoutButton)
  await keys.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()

  // The first courier with Space; the payment methods with the arrow keys, to BCA's VA.
  const delivery = page.getByRole('group', { name: 'Delivery' })
  await keys.tabTo(delivery.getByRole('radio').first())
  await keys.press('Space')
  await expect(delivery.getByRole('radio').first()).toBeChecked()
  const payment = page.getByRole('group', { name: 'Payment' })
  await keys.tabTo(payment.getByRole('radio').first())
  const bca = payment.getByRole('radio', { name: /BCA Virtual Account/ })
  for (let step = 0; step < 12 && !(await bca.isChecked()); step += 1) await keys.press('ArrowDown')
  await expect(bca).toBeChecked()
  await keys.expectFocusVisible('on the chosen payment method')
  await page.screenshot({ path: `${shotsDir}checkout-focus-${store.isLaptop ? 1280 : 390}.png` })
  const payNow = page.getByRole('button', { name: 'PAY NOW' })
  await keys.tabTo(payNow)
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/member\/order\/[0-9a-f-]{36}$/)

  // The bank pays; the shopper asks whether it arrived.
  const payments = new PaymentPages(page)
  const number = await payments.orderNumber()
  await settle(request, number, 'pay')
  await keys.tabTo(payments.checkPayment())
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/success$/)

  // The warehouse ships and the courier delivers; the member reviews from the account menu.
  const staff = await staffToken(request)
  await staffAction(request, staff, number, 'ship', { courier: 'jne', no_resi: freshWaybill() })
  await staffAction(request, staff, number, 'deliver')
  await keys.tabTo(page.getByRole('banner').getByRole('link', { name: 'Account' }), { back: true, max: 120 })
  await keys.press('Enter')
  // A laptop goes on to the orders, where the member menu sits beside them (docs/product/shopping.md §2).
  await expect(page).toHaveURL(/\/member(\/order)?$/)
  await keys.tabTo(
    page
      .getByRole('main')
      .getByRole('link', { name: /Reviews/ })
      .first(),
  )
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/member\/review$/)
  const line = page.getByTestId('reviews-list').getByRole('listitem').filter({ hasText: number })
  const write = line.getByRole('button', { name: 'WRITE A REVIEW' })
  await keys.tabTo(write)
  await keys.press('Enter')
  const form = page.getByRole('dialog', { name: 'Write a Review' })
  await expect(form).toBeVisible()
  await keys.press('Escape')
  await expect(form).toBeHidden()
  await expect(write).toBeFocused()
  await keys.press('Enter')
  await expect(form).toBeVisible()
  // The stars are a radio group: the arrows move from one to four.
  await keys.tabTo(form.getByRole('radio').first())
  await keys.press('Space')
  for (let step = 0; step < 3; step += 1) await keys.press('ArrowRight')
  await expect(form.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked()
  await keys.tabTo(form.getByLabel('Your review'))
  await page.keyboard.type('Comfortable hat, bought without touching a mouse.')
  const submit = form.getByRole('button', { name: 'SUBMIT REVIEW' })
  await keys.tabTo(submit)
  await keys.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible()
})
