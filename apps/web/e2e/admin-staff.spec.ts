import { expect, test } from '@playwright/test'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

test('the owner invites a warehouse clerk, who signs in to their screens only, and is disabled', async ({
  browser,
}) => {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const email = `clerk-${tag}@busana.local`
  const clerkName = `Gudang ${tag}`
  const password = 'clerk-password-123'

  // The owner invites a warehouse clerk and gets the one-time link.
  const ownerContext = await browser.newContext()
  const owner = new BackOffice(await ownerContext.newPage())
  await owner.useEnglish()
  await owner.signIn(STAFF.email, STAFF.password)
  await owner.open('Staff')
  const invite = owner.page
    .getByRole('region', { name: 'Invite someone' })
    .or(owner.page.locator('form').first())
  await invite.getByLabel('Name').fill(clerkName)
  await invite.getByLabel('E-mail').fill(email)
  await invite.getByLabel('Role').selectOption('warehouse')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  const link = await owner.page.getByTestId('invite-link').textContent()
  expect(link).toContain('/admin/accept-invite#token=')
  await expect(owner.page.getByRole('row', { name: new RegExp(clerkName) })).toContainText('Invited')
  await owner.page.screenshot({ path: `${shotsDir}staff.png`, fullPage: true })
  // The home's "invitations pending" link (issue 30): the list of that state, the control showing it.
  await owner.page.goto('/admin/staff?state=invited')
  await expect(owner.page.getByLabel('Show')).toHaveValue('invited')
  await expect(owner.page.getByRole('row', { name: new RegExp(clerkName) })).toContainText('Invited')
  await expect(owner.page.getByRole('row', { name: /e2e-admin@busana\.local/ })).toHaveCount(0)

  // The clerk sets a password from the link and signs in.
  const clerkContext = await browser.newContext()
  const clerk = new BackOffice(await clerkContext.newPage())
  await clerk.useEnglish()
  await clerk.page.goto(new URL(link!).pathname + new URL(link!).hash)
  await clerk.page.getByLabel('New password').fill(password)
  await clerk.page.getByLabel('Repeat the password').fill(password)
  await clerk.page.getByRole('button', { name: 'Set password' }).click()
  await expect(clerk.page.getByRole('status')).toContainText('Your password is set')
  await clerk.page.getByRole('link', { name: 'Go to sign-in' }).click()
  await clerk.signIn(email, password, '/admin/login')
  await expect(clerk.page.getByRole('heading', { name: `Welcome, ${clerkName}` })).toBeVisible()
  // Accepted, the clerk is no longer pending but active.
  await owner.page.reload()
  await expect(owner.page.getByRole('row', { name: new RegExp(clerkName) })).toHaveCount(0)
  await owner.page.getByLabel('Show').selectOption('active')
  await expect(owner.page).toHaveURL(/\/admin\/staff\?state=active$/)
  await expect(owner.page.getByRole('row', { name: new RegExp(clerkName) })).toContainText('Active')

  // The menu shows a clerk's screens only, and the server refuses the owner's calls whatever the URL.
  await expect(clerk.menu().getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await expect(clerk.menu().getByRole('link', { name: 'Audit log' })).toHaveCount(0)
  await clerk.page.goto('/admin/staff')
  await expect(clerk.page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
  const refused = await clerk.page.request.get('/api/admin/v1/staff')
  expect(refused.status()).toBe(403)
  expect((await refused.json()).code).toBe('STF003')

  // The owner sees both steps in the audit log, then disables the clerk.
  await owner.open('Audit log')
  await expect(owner.page.getByRole('row', { name: /staff\.invite/ }).filter({ hasText: email })).toHaveCount(
    1,
  )
  await expect(owner.page.getByRole('row', { name: /staff\.accept_invite/ }).first()).toBeVisible()
  await owner.page.screenshot({ path: `${shotsDir}audit.png`, fullPage: true })
  await owner.open('Staff')
  const row = owner.page.getByRole('row', { name: new RegExp(clerkName) })
  await row.getByRole('button', { name: 'Disable' }).click()
  await expect(row).toContainText('Disabled')

  // The clerk's session ended with it: the next screen is the sign-in.
  await clerk.page.goto('/admin/')
  await expect(clerk.page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible()
  await ownerContext.close()
  await clerkContext.close()
})

test('the back office speaks Indonesian and keeps the choice', async ({ page }) => {
  const office = new BackOffice(page)
  await page.goto('/admin')
  await page.evaluate(() => localStorage.setItem('busana-admin-language', 'id'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Masuk ke back office' })).toBeVisible()
  await office.signIn(STAFF.email, STAFF.password, '/admin')
  await expect(office.menu().getByRole('link', { name: 'Log audit' })).toBeVisible()
  await page.getByLabel('Bahasa').selectOption('en')
  await expect(office.menu().getByRole('link', { name: 'Audit log' })).toBeVisible()
  await page.reload()
  await expect(office.menu().getByRole('link', { name: 'Audit log' })).toBeVisible()
})

test(
  'the back office page has its own strict policy and is never kept',
  { tag: '@split' },
  async ({ request }) => {
    const answer = await request.get('/admin/orders')
    expect(answer.status()).toBe(200)
    expect(answer.headers()['cache-control']).toBe('no-store')
    const policy = answer.headers()['content-security-policy']
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).toContain("frame-ancestors 'none'")
    expect(await answer.text()).toContain('<div id="root">')
  },
)
