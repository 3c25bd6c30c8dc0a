import { test, expect, productUrl, demo } from './fixtures/storefront.ts'
import { registerMember, storeSession } from './fixtures/account.ts'

/**
 * Issue 29: what a screen reader meets on a product on sale, through the accessibility tree only
 * (roles, names, live regions): the price as one sentence, the sizes as a radio group worked with
 * the arrow keys, the Add to bag confirmation in a live region that was there before it, and the
 * bag button's count. In English and in Indonesian.
 */
const WORDS = {
  en: {
    account: 'Account',
    price: `${demo.onSale.price}, was ${demo.onSale.strike}`,
    size: 'Size',
    soldOut: 'XL, sold out',
    add: 'Add to bag',
    ask: "Tell me when it's back",
    added: 'Product added to your bag',
    addedLine: `Product added to your bag: ${demo.onSale.name}, size L`,
    bag: 'Shopping bag, 1 item',
  },
  id: {
    account: 'Akun',
    price: `${demo.onSale.price}, sebelumnya ${demo.onSale.strike}`,
    size: 'Ukuran',
    soldOut: 'XL, habis',
    add: 'Tambah ke tas',
    ask: 'Kabari saya saat tersedia',
    added: 'Produk berhasil ditambahkan ke tas belanja',
    addedLine: `Produk berhasil ditambahkan ke tas belanja: ${demo.onSale.name}, ukuran L`,
    bag: 'Tas belanja, 1 barang',
  },
} as const

for (const lng of ['en', 'id'] as const) {
  test(`issue 29: price, sizes, the added-to-bag announcement and the bag count read well (${lng})`, async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const words = WORDS[lng]
    const { user } = await registerMember(request, `sr-${lng}`)
    await storeSession(page, user)
    if (lng === 'id') await context.addCookies([{ name: 'i18next', value: 'id', url: baseURL! }])
    await page.goto(productUrl(demo.onSale))
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    // Signed in once the page's code runs: the sizes and Add to bag work from here.
    await expect(page.getByRole('link', { name: words.account, exact: true })).toBeVisible()
    const main = page.getByRole('main')

    // The price: one sentence, the visible parts hidden from the reader.
    const header = main.locator('header').first()
    await expect(header.getByTestId('product-price')).toMatchAriaSnapshot(`- paragraph: ${words.price}`)

    // The sizes: a radio group; the sold-out size says so. It can be chosen, to be told when it is
    // back (issue 42), and then offers that instead of Add to bag.
    const sizes = main.getByRole('radiogroup', { name: words.size })
    const radio = (name: string) => sizes.getByRole('radio', { name, exact: true })
    await expect(sizes.getByRole('radio')).toHaveCount(4)
    for (const size of ['S', 'M', 'L', words.soldOut]) await expect(radio(size)).not.toBeChecked()

    // One tab stop: the first size while none is chosen; arrows pick the next size, wrapping round.
    await radio('S').focus()
    await page.keyboard.press('Space')
    await expect(radio('S')).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(radio('M')).toBeChecked()
    await expect(radio('M')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(radio('L')).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(radio(words.soldOut)).toBeChecked()
    await expect(main.getByRole('button', { name: words.ask })).toBeVisible()
    await expect(main.getByRole('button', { name: words.add })).toHaveCount(0)
    await page.keyboard.press('ArrowRight')
    await expect(radio('S')).toBeChecked()
    await expect(radio('S')).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(radio(words.soldOut)).toBeChecked()
    await page.keyboard.press('ArrowLeft')
    await expect(radio('L')).toBeChecked()
    await expect(radio(words.soldOut)).not.toBeChecked()
    // Tab leaves the group for Add to bag; Shift+Tab comes back to the chosen size.
    await page.keyboard.press('Tab')
    const add = main.getByRole('button', { name: words.add })
    await expect(add).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(radio('L')).toBeFocused()

    // The confirmation goes into a polite live region that is in the page before it: the header's
    // announcer at laptop width (the cart popup only shows), the message popup on a phone.
    const laptop = (page.viewportSize()?.width ?? 0) >= 1024
    const region = page.getByTestId(laptop ? 'bag-announcer' : 'message-popup')
    await expect(region).toBeAttached()
    await expect(region).toHaveText('')
    await add.click()
    await expect(region).toHaveText(laptop ? words.addedLine : words.added)
    await expect(region).toHaveRole('status')
    await expect(page.getByRole('status').filter({ hasText: words.added })).toHaveCount(1)

    // The header's bag button carries the count in its name.
    await expect(page.getByRole('button', { name: words.bag, exact: true })).toBeVisible()
  })
}
