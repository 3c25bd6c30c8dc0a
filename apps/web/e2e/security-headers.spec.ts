import type { Page, Response } from '@playwright/test'
import { Account } from './fixtures/account.ts'
import { Bag } from './fixtures/bag.ts'
import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

/**
 * The storefront under its Content-Security-Policy (issue 11, decision 024): every page's inline
 * hydration scripts carry the nonce of its own answer, kept pages included, and a shopper's way
 * through home, a listing, a product, the bag and the sign-in dialog meets no violation (the
 * fixture fails the journey on any console error, which is where Chromium reports them) and works.
 */

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Records every violation the page reports, from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return () => page.evaluate(() => window.__cspViolations ?? [])
}

/** The answer's nonce, after checking that the page's every inline script carries it. */
async function nonceOf(response: Response | null) {
  expect(response?.status()).toBe(200)
  const headers = response!.headers()
  const policy = headers['content-security-policy'] ?? ''
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).not.toContain("'unsafe-inline' 'nonce")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1]
  expect(nonce, 'the page policy has a nonce').toBeTruthy()
  const html = await response!.text()
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '')
  // JSON-LD blocks are data, never run, so no policy applies to them (decision 029).
  const inline = scripts.filter(
    (attributes) => !/\bsrc=/.test(attributes) && !attributes.includes('type="application/ld+json"'),
  )
  expect(inline.length).toBeGreaterThan(0)
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)
  return nonce!
}

test(
  'a shopper goes through the store under its security policy, and every page works',
  { tag: ['@split', '@nginx'] },
  async ({ page, store }) => {
    const violations = await watchViolations(page)
    const account = new Account(page)
    const bag = new Bag(page)

    // Home, until a visit comes from the page cache (the first visit's language cookie makes the
    // second its own render; another test's catalog change may empty the cache meanwhile): every
    // answer, kept or not, carries a nonce of its own.
    const nonces: string[] = []
    let kept = false
    for (let visit = 0; visit < 6 && !kept; visit++) {
      const response = await page.goto('/')
      nonces.push(await nonceOf(response))
      kept = response?.headers()['x-page-cache'] === 'hit'
    }
    expect(kept, 'a later visit is served from the page cache').toBe(true)
    expect(new Set(nonces).size).toBe(nonces.length)
    await expect(page.getByRole('heading', { name: 'New Drop' }).first()).toBeVisible()

    // A listing, reached by a click (the router runs: hydration worked).
    await page.getByRole('link', { name: /View All New Drop/i }).click()
    await expect(page).toHaveURL(/\/shop\/9\/category\/new-drop$/)
    await expect(store.cards().first()).toBeVisible()

    // A product page loaded whole; Add to bag asks a visitor to sign in (the dialog's code loads on
    // demand, a module of this origin).
    await nonceOf(await page.goto(productUrl(demo.onSale)))
    await expect(page.getByRole('heading', { level: 1, name: demo.onSale.name })).toBeVisible()
    const main = page.getByRole('main')
    await main.getByRole('radio', { name: 'M', exact: true }).check()
    await main.getByRole('button', { name: 'Add to bag' }).click()
    await expect(account.dialog().getByRole('button', { name: 'Login', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(account.dialog()).toBeHidden()

    // The bag opens, and the sign-in dialog from the header.
    const drawer = await bag.openDrawer()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await account.openSignIn()

    expect(await violations()).toEqual([])
  },
)
