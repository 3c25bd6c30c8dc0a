import type { Locator, Page } from '@playwright/test'
import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

/**
 * Picks a language in the footer's switcher (its group named in the page's language). The footer
 * loads its code apart and its buttons answer once it has hydrated (decision 040): the tap is
 * repeated until the page follows.
 */
async function pickLanguage(page: Page, footer: Locator, group: string, lng: 'en' | 'id') {
  await expect(async () => {
    await footer.getByRole('group', { name: group }).getByRole('button', { name: lng, exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', lng, { timeout: 1_000 })
  }).toPass()
}

/**
 * docs/product/account.md §9: English and Bahasa Indonesia. A page carries only its routes' strings
 * (decision 014): switching, moving to another page on the client and opening an overlay each
 * bring the strings they need before they show, without a raw key or a hydration error.
 */
test(
  'a shopper switches to Bahasa Indonesia and keeps it across pages, overlays and reloads',
  { tag: '@split' },
  async ({ page, store, consoleErrors }) => {
    // Two languages across four pages, an overlay and a reload: about 30 s alone at laptop width.
    test.slow()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const footer = page.getByRole('contentinfo')
    await pickLanguage(page, footer, 'Language', 'id')
    await expect(footer.getByRole('group', { name: 'Bahasa' })).toBeVisible()

    // To the product page on the client: its namespaces arrive in Indonesian before it shows.
    await store.card(demo.comingSoon.code).first().click()
    if (store.isLaptop) {
      const quickView = page.getByRole('dialog', { name: demo.comingSoon.name })
      await expect(quickView).toContainText('Segera hadir: belum bisa dipesan.')
      await quickView.getByRole('link', { name: 'Lihat detail' }).click()
    }
    await expect(page).toHaveURL(new RegExp(`${productUrl(demo.comingSoon)}$`))
    const main = page.locator('#main')
    await expect(main.getByRole('heading', { level: 1, name: demo.comingSoon.name })).toBeVisible()
    await expect(main).toContainText('Segera hadir: belum bisa dipesan.')
    await expect(main.getByRole('navigation', { name: 'Navigasi' })).toContainText('Beranda')

    // An overlay whose strings the page did not carry: the sign-in dialog.
    if (store.isLaptop) {
      await page.getByRole('link', { name: 'Masuk' }).click()
    } else {
      await page.getByRole('button', { name: 'Buka menu' }).click()
      await page.getByRole('button', { name: 'Masuk' }).click()
    }
    const signIn = page.getByRole('dialog', { name: 'Masuk' })
    await expect(signIn).toContainText('Masuk atau daftar untuk diskon')
    // The server's messages follow the page's language too: a wrong login answers in Indonesian.
    const loginForm = signIn.getByRole('form', { name: 'Masuk' })
    await loginForm.getByLabel('Email').fill('bukan-member@example.test')
    await loginForm.getByLabel('Kata sandi', { exact: true }).fill('Salah12345')
    await loginForm.getByRole('button', { name: 'Masuk', exact: true }).click()
    await expect(loginForm).toContainText('Email atau kata sandi salah')
    // The browser logs the wrong login's 401 itself: expected here.
    for (const line of consoleErrors.filter((l) => l.includes('status of 401')))
      consoleErrors.splice(consoleErrors.indexOf(line), 1)
    await signIn.getByRole('button', { name: 'Tutup' }).first().click()
    await expect(signIn).toBeHidden()

    // The server renders the kept choice on the next load.
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'id')
    await expect(main).toContainText('Segera hadir: belum bisa dipesan.')

    // And back to English on the spot.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await pickLanguage(page, footer, 'Bahasa', 'en')
    await expect(main).toContainText('Coming soon: not available to order yet.')
  },
)

/**
 * Issue 26 items 6 and 7: a kept page is shared by requests that choose the same language, never by
 * two whose Accept-Language headers only begin alike; a malformed language cookie is skipped.
 */
test('issue 26 items 6 and 7: the page cache keys on the chosen language; a malformed cookie renders English', async ({
  request,
}) => {
  const lang = async (headers: Record<string, string>) => {
    const res = await request.get('/about-us', { headers })
    expect(res.status()).toBe(200)
    return /<html[^>]*\blang="(\w+)"/.exec(await res.text())?.[1]
  }
  // The same first 64 characters, then one ends in English, the other in Indonesian.
  const padding = Array.from({ length: 12 }, (_, i) => `x${i};q=0.1`).join(', ')
  expect(await lang({ 'accept-language': `${padding}, en` })).toBe('en')
  expect(await lang({ 'accept-language': `${padding}, id` })).toBe('id')
  expect(await lang({ 'accept-language': 'en, id;q=9' })).toBe('en')
  expect(await lang({ cookie: 'i18next=%E0%A4%A', 'accept-language': 'id' })).toBe('id')
  expect(await lang({ cookie: 'i18next=%E0%A4%A' })).toBe('en')
})
