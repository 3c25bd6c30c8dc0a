import { test, expect } from './fixtures/storefront.ts'
import { PASSWORD, registerMember, storeSession } from './fixtures/account.ts'
import { addPrimaryAddress, addToBag, CheckoutPage } from './fixtures/checkout.ts'
import { demo } from './fixtures/storefront.ts'
import { PaymentPages } from './fixtures/payment.ts'
import { BackOffice, shopperSeesSoon } from './fixtures/admin.ts'
import {
  faqQuestion,
  memberLogin,
  staffContext,
  staffLoginStatus,
  staffOfRole,
  totpCode,
  withSecondFactor,
} from './fixtures/admin-accounts.ts'

const shotsDir = '../../test-results/admin/'

test('support finds a member by phone, sees their addresses and orders, and disables them: the member can no longer sign in', async ({
  page,
  request,
  browser,
}) => {
  // A member with an address and an order.
  const member = await registerMember(request, 'admin-member')
  await addPrimaryAddress(request, member.user.token)
  await addToBag(request, member.user.token, demo.singleVariant.code)
  await storeSession(page, member.user)
  const checkout = new CheckoutPage(page)
  await page.goto('/checkout')
  await checkout.couriers().getByRole('radio').first().check()
  await checkout.choosePayment('BCA Virtual Account')
  await checkout.payNow().click()
  await expect(page).toHaveURL(/\/member\/order\/[0-9a-f-]{36}$/)
  const number = await new PaymentPages(page).orderNumber()
  expect((await memberLogin(request, member.email, PASSWORD)).status).toBe(200)

  // Support looks them up by phone (as +62…) in the back office.
  const clerk = await staffOfRole(request, 'support', 'Layanan Satu')
  const context = await staffContext(browser)
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.signIn(clerk.email, clerk.password)
  await expect(office.menu().getByRole('link', { name: 'Content' })).toHaveCount(0)
  await office.open('Members')
  const lookup = office.page.getByRole('searchbox', { name: 'E-mail or phone' })
  await lookup.fill(`+62${member.phone.slice(1)}`)
  await lookup.press('Enter')
  const found = office.page.getByRole('row').filter({ hasText: member.email })
  await expect(found).toHaveCount(1)
  await expect(found).toContainText('Active')
  await office.page.screenshot({ path: `${shotsDir}members.png`, fullPage: true })

  // The member's page: their address and their order, which opens the order.
  await found.getByRole('link', { name: member.name }).click()
  await expect(office.page.getByRole('heading', { level: 1, name: member.name })).toBeVisible()
  const addresses = office.page.getByRole('table', { name: 'Addresses' })
  await expect(addresses.getByRole('row').filter({ hasText: 'Sari Checkout' })).toHaveCount(1)
  const orders = office.page.getByRole('table', { name: 'Orders' })
  await expect(orders.getByRole('row').filter({ hasText: number })).toContainText('Awaiting payment')
  await office.page.screenshot({ path: `${shotsDir}member.png`, fullPage: true })
  await orders.getByRole('link', { name: number }).click()
  await expect(office.page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  await office.page.goBack()

  // The same member by e-mail; then disabled, after a confirmation.
  await office.page.goto(`/admin/members?q=${encodeURIComponent(member.email.toUpperCase())}`)
  await office.page.getByRole('link', { name: member.name }).click()
  await office.page.getByRole('button', { name: 'Disable' }).click()
  const confirm = office.page.getByRole('dialog', { name: `Disable ${member.name}?` })
  await expect(confirm).toContainText('Every session of this member ends now')
  await confirm.getByRole('button', { name: 'Disable' }).click()
  await expect(office.page.getByRole('dialog')).toHaveCount(0)
  await expect(office.page.getByRole('main')).toContainText('Disabled since')
  await expect(office.page.getByRole('button', { name: 'Enable' })).toBeVisible()
  await office.page.screenshot({ path: `${shotsDir}member-disabled.png`, fullPage: true })

  // The member can no longer sign in, and their session has ended.
  expect(await memberLogin(request, member.email, PASSWORD)).toEqual({ status: 403, code: 'STF222' })
  const own = await request.get('/api/v1/member/alamat', {
    headers: { 'x-brand-id': '9' },
    params: { token: member.user.token },
  })
  expect(own.status()).toBe(401)
  await context.close()
})

test(
  'marketing edits a FAQ answer and the help page shows the new text at once',
  { tag: '@split' },
  async ({ page, request, browser }) => {
    const { category, question } = await faqQuestion(request)
    const editor = await staffOfRole(request, 'marketing', 'Pemasaran Satu')

    // The shop's help page shows (and caches) the answer as it was.
    await page.goto(`/help/faq?category=${category.category_code}`)
    await page.getByText(question.name_en).click()
    await expect(page.getByText('Not yet: pay before we ship.')).toBeVisible()

    // Marketing edits the answer in the back office; the saved text is previewed without its script.
    const context = await staffContext(browser)
    const office = new BackOffice(await context.newPage())
    await office.useEnglish()
    await office.signIn(editor.email, editor.password)
    await expect(office.menu().getByRole('link', { name: 'Members' })).toHaveCount(0)
    await office.open('Content')
    await office.page
      .getByRole('combobox', { name: 'Show the questions of' })
      .selectOption(category.category_code)
    await office.page.getByRole('button', { name: `Edit question: ${question.name_en}` }).click()
    const dialog = office.page.getByRole('dialog', { name: `Edit question: ${question.name_en}` })
    await expect(dialog.getByRole('textbox', { name: 'Answer (English)' })).toHaveValue(question.konten_en)
    await dialog
      .getByRole('textbox', { name: 'Answer (English)' })
      .fill('<p>Yes: pay the courier in cash.</p><script>window.hacked = true</script>')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Saved')
    const preview = dialog.getByRole('region', { name: 'Preview of the saved text: Answer (English)' })
    await expect(preview).toContainText('Yes: pay the courier in cash.')
    await expect(preview.locator('script')).toHaveCount(0)
    await expect(dialog.getByRole('textbox', { name: 'Answer (English)' })).toHaveValue(
      '<p>Yes: pay the courier in cash.</p>',
    )
    await office.page.screenshot({ path: `${shotsDir}content-faq-edit.png` })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await office.page.screenshot({ path: `${shotsDir}content-faq.png`, fullPage: true })

    // The help page shows the new answer within moments, on any storefront process (the kept page is dropped).
    await shopperSeesSoon(page, `/help/faq?category=${category.category_code}`, async () => {
      await page.getByText(question.name_en).click({ timeout: 2000 })
      await expect(page.getByText('Yes: pay the courier in cash.')).toBeVisible({ timeout: 1000 })
    })
    await expect(page.getByText('Not yet: pay before we ship.')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()

    // A new store: a map from elsewhere is refused with the server's reason; an OpenStreetMap embed is shown.
    const store = `Toko Uji ${Math.floor(Math.random() * 1e6)}`
    await office.page
      .getByRole('navigation', { name: 'Kinds of content' })
      .getByRole('link', { name: 'Stores' })
      .click()
    await office.page.getByRole('button', { name: 'Add a store' }).click()
    const adding = office.page.getByRole('dialog', { name: 'New store' })
    await adding.getByLabel('Brand').selectOption('18')
    await adding.getByLabel('Store name').fill(store)
    await adding.getByLabel('Street address').fill('Jl. Braga No. 1, Bandung')
    await adding.getByLabel('City').fill('Bandung')
    await adding.getByLabel('Map').fill('<iframe src="https://maps.example.com/embed?q=braga"></iframe>')
    await adding.getByRole('button', { name: 'Add a store' }).click()
    await expect(adding.getByRole('alert')).toBeVisible()
    await adding
      .getByLabel('Map')
      .fill('https://www.openstreetmap.org/export/embed.html?bbox=107.60,-6.92,107.61,-6.91&layer=mapnik')
    await adding.getByRole('button', { name: 'Add a store' }).click()
    await expect(adding).toBeHidden()
    const storeRow = office.page.getByRole('row').filter({ hasText: store })
    await expect(storeRow).toContainText('Shown')
    await storeRow.getByRole('button', { name: `Delete store ${store}` }).click()
    await office.page
      .getByRole('dialog', { name: `Delete store ${store}` })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(storeRow).toHaveCount(0)
    await context.close()
  },
)

test('the owner resets a staff member’s password and they set a new one through the link', async ({
  request,
  browser,
}) => {
  const name = `Merch ${Math.floor(Math.random() * 1e6)}`
  const merch = await staffOfRole(request, 'merchandiser', name)

  const boss = await staffOfRole(request, 'owner', 'Pemilik Dua')
  const ownerContext = await staffContext(browser)
  const owner = new BackOffice(await ownerContext.newPage())
  await owner.useEnglish()
  await owner.signIn(boss.email, boss.password)
  await owner.open('Staff')
  const row = owner.page.getByRole('row', { name: new RegExp(name) })
  await row.getByRole('button', { name: 'Reset password' }).click()
  const confirm = owner.page.getByRole('dialog', { name: `Reset the password of ${name}?` })
  await confirm.getByRole('button', { name: 'Reset the password' }).click()
  await expect(confirm).toBeHidden()
  const link = (await owner.page.getByTestId('one-time-link').textContent())!
  expect(link).toContain('/admin/accept-invite#token=')
  await owner.page.screenshot({ path: `${shotsDir}staff-reset.png`, fullPage: true })

  // The old password no longer works.
  expect(await staffLoginStatus(request, merch.email, merch.password)).toBe(401)

  // The member of staff opens the link, sets a new password and signs in with it.
  const newPassword = 'a-brand-new-password-42'
  const context = await staffContext(browser)
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.page.goto(new URL(link).pathname + new URL(link).hash)
  await office.page.getByLabel('New password').fill(newPassword)
  await office.page.getByLabel('Repeat the password').fill(newPassword)
  await office.page.getByRole('button', { name: 'Set password' }).click()
  await expect(office.page.getByRole('status')).toContainText('Your password is set')
  await office.page.getByRole('link', { name: 'Go to sign-in' }).click()
  await office.signIn(merch.email, newPassword, '/admin/login')
  await expect(office.page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible()

  // The link worked once.
  await office.page.goto(new URL(link).pathname + new URL(link).hash)
  await office.page.getByLabel('New password').fill('yet-another-password-1')
  await office.page.getByLabel('Repeat the password').fill('yet-another-password-1')
  await office.page.getByRole('button', { name: 'Set password' }).click()
  await expect(office.page.getByRole('alert')).toBeVisible()
  await ownerContext.close()
  await context.close()
})

test('the owner’s content, shipping and member screens, in Indonesian, at desk and phone widths', async ({
  browser,
  request,
}) => {
  // Eighteen screens, each with a full-page screenshot: about 20 s alone, past 45 s beside another
  // worker on a busy machine.
  test.slow()
  const boss = await staffOfRole(request, 'owner', 'Pemilik Tiga')
  const context = await staffContext(browser)
  const office = new BackOffice(await context.newPage())
  await office.page.addInitScript(() => localStorage.setItem('busana-admin-language', 'id'))
  await office.signIn(boss.email, boss.password)
  for (const width of [1280, 390]) {
    await office.page.setViewportSize({ width, height: 900 })
    const screens: [string, string][] = [
      ['/admin/content/faq', 'Konten'],
      ['/admin/content/articles', 'Konten'],
      ['/admin/content/about', 'Konten'],
      ['/admin/content/pages', 'Konten'],
      ['/admin/content/stores', 'Konten'],
      ['/admin/content/campaign', 'Konten'],
      ['/admin/shipping', 'Tarif ongkir'],
      ['/admin/members?q=0813', 'Member'],
      ['/admin/account', 'Akun saya'],
    ]
    for (const [path, title] of screens) {
      await office.page.goto(path)
      await expect(office.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(office.page.getByText(/Memuat/)).toHaveCount(0)
      const name = path.slice('/admin/'.length).replace(/[/?=]/g, '-')
      await office.page.screenshot({ path: `${shotsDir}${name}-${width}.png`, fullPage: true })
      // Wide tables scroll inside their frame; the page itself never scrolls sideways.
      const overflow = await office.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0)
    }
  }
  await context.close()
})

test('warehouse gives a zone a new courier service, takes it away again, and moves a city in and out of the zone', async ({
  request,
  browser,
}) => {
  const clerk = await staffOfRole(request, 'warehouse', 'Gudang Ongkir')
  const city = (
    (await (
      await request.get('/api/v1/master/city?province=81', { headers: { 'x-brand-id': '9' } })
    ).json()) as {
      data: { city_id: string; city_name: string }[]
    }
  ).data[0]!
  const context = await staffContext(browser)
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.signIn(clerk.email, clerk.password)
  await expect(office.menu().getByRole('link', { name: 'Members' })).toHaveCount(0)
  await office.open('Shipping rates')
  const overview = office.page.getByRole('table', { name: 'Fares per kg of every zone' })
  const maluku = overview.getByRole('row').filter({ hasText: 'Maluku and Papua' })
  await maluku.getByRole('link', { name: 'Maluku and Papua' }).click()
  const zone = office.page.getByRole('region', { name: 'Maluku and Papua' })

  // SiCepat BEST does not serve the zone yet: a fare makes it serve it.
  const fare = zone.getByRole('textbox', { name: 'Fare per kg of SICEPAT BEST to Maluku and Papua' })
  await expect(fare).toHaveValue('')
  await fare.fill('150000')
  await zone.getByRole('button', { name: 'Save the fare of SICEPAT BEST to Maluku and Papua' }).click()
  await expect(maluku).toContainText('Rp 150.000')
  await office.page.screenshot({ path: `${shotsDir}shipping-zone.png`, fullPage: true })

  // And it is taken away again, after a confirmation.
  await zone.getByRole('button', { name: 'Remove SICEPAT BEST from Maluku and Papua' }).click()
  const confirm = office.page.getByRole('dialog', { name: 'Remove SICEPAT BEST from Maluku and Papua' })
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(confirm).toBeHidden()
  await expect(maluku).not.toContainText('Rp 150.000')
  await expect(fare).toHaveValue('')

  // A city of the zone's province gets listed on its own, then removed.
  const areas = zone.getByRole('list', { name: 'Provinces and cities of Maluku and Papua' })
  await zone.getByRole('textbox', { name: 'Province or city id' }).fill(city.city_id)
  await zone.getByRole('button', { name: 'Add to the zone' }).click()
  await expect(areas.getByRole('listitem').filter({ hasText: city.city_id })).toHaveCount(1)
  const listed = areas.getByRole('listitem').filter({ hasText: city.city_id })
  await listed.getByRole('button', { name: /^Remove .* from Maluku and Papua$/ }).click()
  await office.page
    .getByRole('dialog', { name: /^Remove .* from Maluku and Papua$/ })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(areas.getByRole('listitem').filter({ hasText: city.city_id })).toHaveCount(0)

  // A province already in another zone is refused with the server's reason.
  await zone.getByRole('textbox', { name: 'Province or city id' }).fill('51')
  await zone.getByRole('button', { name: 'Add to the zone' }).click()
  await expect(zone.getByRole('alert')).toBeVisible()
  await context.close()
})

test('a member of staff turns their second factor off and signs out everywhere; the owner clears a colleague’s lost one', async ({
  request,
  browser,
}) => {
  const merch = await staffOfRole(request, 'merchandiser', 'Dua Faktor')
  const { secret, headers: otherSession } = await withSecondFactor(request, merch)

  // Sign-in asks for the code; My account turns the second factor off with the password.
  const context = await staffContext(browser)
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.page.goto('/admin/login')
  await office.page.getByLabel('E-mail').fill(merch.email)
  await office.page.getByLabel('Password').fill(merch.password)
  await office.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await office.page.getByLabel('Authenticator code').fill(totpCode(secret))
  await office.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await office.open('My account')
  const off = office.page.getByRole('form', { name: 'Turn the second factor off' })
  await office.page.screenshot({ path: `${shotsDir}account-totp-on.png`, fullPage: true })
  await off.getByRole('radio', { name: 'My password' }).check()
  await off.getByLabel('Password', { exact: true }).fill('not-my-password')
  await off.getByRole('button', { name: 'Turn off' }).click()
  await expect(off.getByRole('alert')).toBeVisible()
  await off.getByLabel('Password', { exact: true }).fill(merch.password)
  await off.getByRole('button', { name: 'Turn off' }).click()
  await expect(office.page.getByRole('button', { name: 'Set up the second factor' })).toBeVisible()
  await office.page.screenshot({ path: `${shotsDir}account.png`, fullPage: true })

  // Signing out everywhere ends this session and the other one too.
  expect((await request.get('/api/admin/v1/auth/me', { headers: otherSession })).status()).toBe(200)
  await office.page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await office.page
    .getByRole('dialog', { name: 'Sign out on every device?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click()
  await expect(office.page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible()
  expect((await request.get('/api/admin/v1/auth/me', { headers: otherSession })).status()).toBe(401)
  await context.close()

  // A colleague lost their phone: the owner clears their second factor, and the password is enough.
  const clerk = await staffOfRole(request, 'warehouse', `Hilang HP ${Math.floor(Math.random() * 1e6)}`)
  await withSecondFactor(request, clerk)
  expect(await staffLoginStatus(request, clerk.email, clerk.password)).toBe(401)
  const boss = await staffOfRole(request, 'owner', 'Pemilik Empat')
  const ownerContext = await staffContext(browser)
  const owner = new BackOffice(await ownerContext.newPage())
  await owner.useEnglish()
  await owner.signIn(boss.email, boss.password)
  await owner.open('Staff')
  const row = owner.page.getByRole('row', { name: new RegExp(clerk.name) })
  await row.getByRole('button', { name: 'Clear second factor' }).click()
  await owner.page
    .getByRole('dialog', { name: `Clear the second factor of ${clerk.name}?` })
    .getByRole('button', { name: 'Clear it' })
    .click()
  await expect(owner.page.getByRole('status')).toContainText(`The second factor of ${clerk.name} is cleared.`)
  await expect(row.getByRole('button', { name: 'Clear second factor' })).toHaveCount(0)
  expect(await staffLoginStatus(request, clerk.email, clerk.password)).toBe(200)
  await ownerContext.close()
})
