import { test as base, expect, productUrl, demo } from './fixtures/storefront.ts'
import { Account, PASSWORD, registerMember, storeSession } from './fixtures/account.ts'
import { Bag } from './fixtures/bag.ts'
import { addPrimaryAddress, addToBag, bagLines, CheckoutPage } from './fixtures/checkout.ts'

const test = base.extend<{ account: Account; bag: Bag }>({
  account: async ({ page }, use) => use(new Account(page)),
  bag: async ({ page }, use) => use(new Bag(page)),
})

/** Another brand of the group (Kaina, id 5): the bag takes it as well (apps/api/src/demo/seed). */
const kainaSkirt = { code: 'KAI-1010', name: 'Rok Midi Linen Terakota', price: 239_000 }
const hat = { ...demo.singleVariant, price: 149_000 }
// The bag is not a card: IDR the Indonesian way, 'Rp 537.000' (docs/product/shopping.md §1).
const rp = (n: number) => `Rp ${n.toLocaleString('id-ID')}`

test('a visitor sees the empty bag, and Add to bag asks them to sign in', async ({ page, bag, store }) => {
  await bag.open()
  await expect(bag.main.getByText('Your bag is empty.')).toBeVisible()
  await store.expectNoHorizontalOverflow()
  await expect(bag.main.getByRole('link', { name: 'shop now' })).toHaveAttribute('href', '/')
  // The floating chat button would cover the phone layout's checkout bar: not on the bag there.
  const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' })
  if (bag.isLaptop) await expect(chat).toBeVisible()
  else await expect(chat).toBeHidden()
  if (bag.isLaptop) {
    const panel = page.getByRole('complementary', { name: 'Log in or register' })
    await panel.getByRole('button', { name: 'REGISTER' }).click()
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible()
    await page.keyboard.press('Escape')
  }

  await page.goto(productUrl(hat))
  await page.getByRole('main').getByRole('button', { name: 'Add to bag' }).click()
  const dialog = page.getByRole('dialog', { name: 'Login' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Login to continue')).toBeVisible()
})

test('issue 26 item 12: sign in from Add to bag and the add is made; fill the bag from two brands, change it and tick what to buy', async ({
  page,
  request,
  account,
  bag,
  store,
  consoleErrors,
}) => {
  const member = await registerMember(request, 'bag')

  // A visitor's Add to bag opens sign-in (the 'checkout' purpose); signing in there keeps the page
  // and finishes the add the press asked for: once, with its confirmation.
  await page.goto(productUrl(hat))
  await page.getByRole('main').getByRole('button', { name: 'Add to bag' }).click()
  await account.login(member.email, PASSWORD)
  await account.expectSignedIn()
  if (bag.isLaptop) await expect(bag.popup()).toBeVisible()
  await account.dismissCampaign()
  await expect(bag.icon()).toHaveAccessibleName('Shopping bag, 1 item')
  await expect.poll(async () => (await bagLines(request, member.user.token)).length).toBe(1)

  await page.goto(productUrl(kainaSkirt))
  // The count shows once the page has hydrated and the bag has loaded: the size buttons work now.
  await expect(bag.icon()).toHaveAccessibleName('Shopping bag, 1 item')
  await bag.addFromProductPage('M')
  await expect(bag.icon()).toHaveAccessibleName('Shopping bag, 2 items')
  if (bag.isLaptop) {
    // Issue 44: the popup hides after 3 s, but not while a keyboard user is on it (WCAG 2.2.1).
    const viewBag = bag.popup().getByRole('link', { name: /view bag/i })
    await viewBag.focus()
    await page.waitForTimeout(4_500)
    await expect(viewBag).toBeFocused()
    // Tabbing on past CHECKOUT leaves the popup (a click elsewhere could land on the popup itself,
    // which sits over the product's title at some widths): the 3 s start again and it hides.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(viewBag).not.toBeFocused()
    await expect(bag.popup()).toBeHidden({ timeout: 6_000 })
  }

  // /cart: both brands in one bag, newest first, every line ticked.
  await bag.open()
  await expect(bag.row(kainaSkirt.name)).toContainText('Kaina')
  await expect(bag.row(hat.name)).toContainText('Prepps')
  await expect(bag.main.getByText('Total 2 item')).toBeVisible()
  await expect(bag.allItems()).toBeChecked()
  await expect(bag.total()).toHaveText(rp(hat.price + kainaSkirt.price))
  await store.expectNoHorizontalOverflow()
  if (bag.isLaptop) {
    await expect(bag.summary().getByText('Order Value')).toBeVisible()
    await expect(bag.summary().getByText('Shipping Fee: Calculated after checkout')).toBeVisible()
  } else {
    await expect(bag.summary().getByText('SHIPPING: Calculated after checkout')).toBeVisible()
  }

  // Quantity: minus is disabled at 1; plus asks the server, then the line and the total follow.
  await expect(bag.minus(kainaSkirt.name)).toBeDisabled()
  await bag.plus(kainaSkirt.name).click()
  await expect(bag.qty(kainaSkirt.name)).toHaveText('2')
  await expect(page.getByRole('status').getByText('Bag updated')).toBeVisible()
  await expect(bag.minus(kainaSkirt.name)).toBeEnabled()
  await expect(bag.total()).toHaveText(rp(hat.price + 2 * kainaSkirt.price))
  await expect(bag.main.getByText('Total 3 item')).toBeVisible()

  // Untick one: the total and select-all follow; untick the other: checkout is disabled.
  await bag.checkbox(hat.name).uncheck()
  await expect(bag.allItems()).not.toBeChecked()
  await expect(bag.total()).toHaveText(rp(2 * kainaSkirt.price))
  await expect(bag.checkout()).toBeEnabled()
  await bag.checkbox(kainaSkirt.name).uncheck()
  await expect(bag.total()).toHaveText('Rp 0')
  await expect(bag.checkout()).toBeDisabled()
  await bag.checkbox(kainaSkirt.name).check()

  // The ticks survive a reload (cart-storage-v2); the lines come back from the server.
  await page.reload()
  await expect(bag.qty(kainaSkirt.name)).toHaveText('2')
  await expect(bag.checkbox(hat.name)).not.toBeChecked()
  await expect(bag.checkbox(kainaSkirt.name)).toBeChecked()
  await expect(bag.total()).toHaveText(rp(2 * kainaSkirt.price))

  // The quick drawer shows the same lines and counts only the ticked one.
  const drawer = await bag.openDrawer()
  await expect(bag.row(hat.name, drawer)).toBeVisible()
  await expect(bag.qty(kainaSkirt.name, drawer)).toHaveText('2')
  await expect(bag.checkbox(hat.name, drawer)).not.toBeChecked()
  await expect(drawer.getByTestId('quick-bag-total')).toHaveText(rp(2 * kainaSkirt.price))
  await expect(drawer.getByRole('link', { name: 'VIEW BAG' })).toHaveAttribute('href', '/cart')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // Checkout goes to the member checkout, which sends a member without an address to the address
  // book (422 SON006, which the browser logs as a failed resource; checkout.spec.ts has the rest).
  await bag.checkout().click()
  await expect(page).toHaveURL(/\/member\/address$/)
  for (const line of consoleErrors.filter((l) => l.includes('status of 422')))
    consoleErrors.splice(consoleErrors.indexOf(line), 1)
})

test('issue 26 item 14: after an order of one line, the line left unticked is ticked and is the order value', async ({
  page,
  request,
  bag,
}) => {
  const member = await registerMember(request, 'leftover')
  const token = member.user.token
  await addPrimaryAddress(request, token)
  await addToBag(request, token, hat.code)
  await addToBag(request, token, kainaSkirt.code, 'M')
  await storeSession(page, member.user)

  // Two lines: the skirt is left for later, the hat is bought.
  await bag.open()
  await bag.checkbox(kainaSkirt.name).uncheck()
  await expect(bag.total()).toHaveText(rp(hat.price))
  await bag.checkout().click()
  await expect(page).toHaveURL(/\/checkout$/)
  const checkout = new CheckoutPage(page)
  await checkout.couriers().getByRole('radio').first().check()
  await checkout.choosePayment('QRIS')
  await checkout.payNow().click()
  await expect(page).toHaveURL(/\/member\/order\/[0-9a-f-]{36}$/)
  await expect(bag.icon()).toHaveAccessibleName('Shopping bag, 1 item')

  // Back in the bag: the skirt is what remains, ticked, and the order value is its price, not Rp 0.
  await bag.open()
  await expect(bag.row(hat.name)).toHaveCount(0)
  await expect(bag.checkbox(kainaSkirt.name)).toBeChecked()
  await expect(bag.allItems()).toBeChecked()
  await expect(bag.total()).toHaveText(rp(kainaSkirt.price))
  await expect(bag.checkout()).toBeEnabled()
  await expect(bag.main.getByTestId('nothing-ticked')).toHaveCount(0)
  if (bag.isLaptop)
    await expect(bag.summary().getByText('Order Value').locator('..')).toContainText(rp(kainaSkirt.price))

  // Unticked by hand, the bag says so instead of reading as worth nothing.
  await bag.checkbox(kainaSkirt.name).uncheck()
  await expect(bag.main.getByTestId('nothing-ticked')).toHaveText('Tick at least one item to check out.')
})
