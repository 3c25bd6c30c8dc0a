import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { BackOffice } from '../e2e/fixtures/admin.ts'
import { STAFF } from '../e2e/fixtures/staff.ts'

const dir = process.env.SCREENSHOT_DIR ?? new URL('../../../screenshots', import.meta.url).pathname
mkdirSync(dir, { recursive: true })

/**
 * Every back office screen (issue 14), signed in as the owner, who sees them all: each menu entry,
 * and the screens reached from a list (a product, an order, packing slips).
 */
test('back office screens', async ({ page }, info) => {
  const p = info.project.name
  const office = new BackOffice(page)
  await office.useEnglish()
  await page.goto('/admin/login')
  await page.screenshot({ path: `${dir}/admin-login-${p}.png` })
  await office.signIn(STAFF.email, STAFF.password)
  const shot = async (name: string) => {
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0)
    await page.screenshot({ path: `${dir}/admin-${name}-${p}.png`, fullPage: true })
  }
  // The menu's links (folded away on a phone, so read from the page rather than by role).
  const paths = await page
    .locator('#admin-menu nav a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
  for (const path of paths) {
    await page.goto(path)
    await shot(path.replace(/^\/admin\/?/, '') || 'home')
  }
  await page.goto('/admin/products')
  await page.getByRole('table').getByRole('link').first().click()
  await shot('product')
  await page.goto('/admin/orders')
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0)
  const first = page.getByRole('table').getByRole('link').first()
  if (await first.isVisible()) {
    const number = await first.textContent()
    await first.click()
    await shot('order')
    await page.goto(`/admin/orders/slips?numbers=${number}`)
    await shot('packing-slips')
  }
})
