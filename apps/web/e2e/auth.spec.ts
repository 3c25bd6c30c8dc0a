import { test as base, demo, expect } from './fixtures/storefront.ts'
import {
  Account,
  codeIn,
  freshIdentity,
  lastMessageId,
  newestMessage,
  PASSWORD,
  registerMember,
  storeSession,
} from './fixtures/account.ts'
import { direct } from './fixtures/direct.ts'

const test = base.extend<{ account: Account }>({
  // Auto, and torn down before the shared console check: a wrong password answers 401 CLE015 on
  // purpose and the browser logs that response as a failed resource, so those lines are dropped.
  // Every other console error still fails the journey.
  account: [
    async ({ page, consoleErrors }, use) => {
      await use(new Account(page))
      const expected = consoleErrors.filter((line) => line.includes('status of 401'))
      for (const line of expected) consoleErrors.splice(consoleErrors.indexOf(line), 1)
    },
    { auto: true },
  ],
})

test(
  'register, read the code from the developer outbox, verify, back on Login with the message, sign in',
  { tag: '@split' },
  async ({ page, request, account }) => {
    const who = freshIdentity('reg')
    await page.goto('/')
    await account.openSignIn()
    await account.dialog().getByRole('button', { name: 'Register' }).click()
    const dialog = account.dialog('Register')
    await dialog.getByLabel('Name').fill(who.name)
    await dialog.getByLabel('Email').fill(who.email)
    await dialog.getByLabel('Phone').fill(who.phone.slice(1))
    await dialog.getByLabel('Password', { exact: true }).fill('short')
    await expect(dialog.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false')
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await expect(dialog.locator('[data-rule][data-met="true"]')).toHaveCount(4)
    await dialog.getByLabel('Confirm password').fill(PASSWORD)
    await dialog.getByLabel('Birth date').fill('1996-08-17')
    await dialog.getByRole('checkbox').check()
    const before = await lastMessageId(request, who.phone)
    await dialog.getByRole('button', { name: 'Register', exact: true }).click()

    const otp = account.dialog('OTP')
    await expect(otp.getByText('Verify your phone number')).toBeVisible()
    // Nothing is sent before the shopper chooses how: then one code, on that channel only.
    expect(await lastMessageId(request, who.phone)).toBe(before)
    await otp.getByText('WhatsApp').click()
    await otp.getByRole('button', { name: 'Send code' }).click()
    const body = await newestMessage(request, who.phone, before)
    const messages = await request.get(direct(`/dev/outbox.json?recipient=${encodeURIComponent(who.phone)}`))
    const sent = ((await messages.json()) as { data: { id: number; channel: string }[] }).data
    expect(sent.filter((m) => m.id > before).map((m) => m.channel)).toEqual(['WHATSAPP'])
    await otp.getByLabel('Code', { exact: true }).fill(codeIn(body, 4))
    await otp.getByRole('button', { name: 'Verify' }).click()
    // The seed's Auth flow (issue 44): after verification the section returns to Login, with the
    // server's message, and the shopper is not signed in until she logs in there.
    await expect(otp).toBeHidden()
    const login = account.dialog()
    await expect(login).toBeVisible()
    await expect(login.getByTestId('auth-message')).toHaveText(
      'Your account has been verified. Happy Shopping!',
    )
    expect((await account.storedSession())?.state?.user ?? null).toBeNull()
    await account.login(who.email, PASSWORD)
    await account.dismissCampaign()
    await account.expectSignedIn()
    const stored = await account.storedSession()
    expect(stored.state.user.token).toBeTruthy()
    expect(stored.state.user.is_campaign).toBe(true)
  },
)

test(
  'sign in, see account info, log out: state is reset and the member area sends a visitor home',
  { tag: '@split' },
  async ({ page, request, account }) => {
    const member = await registerMember(request, 'login')
    // The member already holds a bag line: it must go on logout.
    const memberCall = { headers: { 'x-brand-id': '9' }, params: { token: member.user.token } }
    const hat = await request.get(`/api/v1/pages/product?product_code=${demo.singleVariant.code}`, {
      headers: { 'x-brand-id': '9' },
    })
    const sku = ((await hat.json()) as { data: { data: { variant: { sku_product: string }[] } } }).data.data
      .variant[0]!.sku_product
    expect(
      (
        await request.post('/api/v1/cart/add', {
          ...memberCall,
          data: { product_code: demo.singleVariant.code, sku_product: sku, qty: 1 },
        })
      ).ok(),
    ).toBe(true)
    await page.goto('/')
    await account.openSignIn()
    await account.login(member.email, 'Wrong1234')
    await expect(account.dialog().getByTestId('auth-message')).toContainText('Incorrect email or password')
    await account.login(member.email, PASSWORD)
    await expect(account.dialog()).toBeHidden()
    await account.dismissCampaign()
    await account.expectSignedIn()

    await page.getByRole('link', { name: 'Account', exact: true }).click()
    if (account.isLaptop) {
      await expect(page).toHaveURL(/\/member\/order$/)
    } else {
      await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
      await expect(
        page
          .getByRole('region', { name: 'Account' })
          .getByText('You can manage your account and track your order here.'),
      ).toBeVisible()
      await page.getByRole('link', { name: 'Account Info' }).click()
    }
    if (account.isLaptop) await page.getByRole('link', { name: 'Account Info' }).click()
    await expect(page.getByTestId('profile-email')).toContainText(member.email)
    await expect(page.getByTestId('profile-phone')).toContainText(`+62 ${member.phone.slice(1)}`)
    await expect(page.getByTestId('profile-instagram')).toContainText('-')

    const token = (await account.storedSession()).state.user.token as string
    await expect(page.getByRole('button', { name: 'Shopping bag, 1 item' })).toBeVisible()
    await account.logout()
    await expect(page).toHaveURL(/\/$/)
    expect((await account.storedSession()).state.user).toBeNull()
    // The bag and its ticks went with the session (no reload in between).
    await expect(page.getByRole('button', { name: 'Shopping bag', exact: true })).toBeVisible()
    const storedBag = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage-v2') ?? 'null'))
    expect(Object.keys(storedBag?.state?.checked ?? {})).toEqual([])
    await page.getByRole('button', { name: 'Shopping bag', exact: true }).click()
    await expect(
      page.getByRole('dialog', { name: 'shopping bag' }).getByText('Your bag is empty.'),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    // Logout revoked the session's token on the server.
    const profile = await request.get(`/api/v1/member/profile?token=${token}`, {
      headers: { 'x-brand-id': '9' },
    })
    expect(profile.status()).toBe(401)
    await page.goto('/member/account-info')
    await expect(page).toHaveURL(/\/$/)
  },
)

test(
  'guest sign-in by phone: 6 digits with a running countdown, resend blocked',
  { tag: '@split' },
  async ({ page, request, account }) => {
    const { phone } = freshIdentity('guest')
    await page.goto('/')
    await account.openSignIn()
    await account.dialog().getByRole('button', { name: 'Continue as guest' }).click()
    const dialog = account.dialog('Continue as guest')
    await dialog.getByLabel('Phone').pressSequentially(`e+-.${phone.slice(1)}`)
    await expect(dialog.getByLabel('Phone')).toHaveValue(phone.slice(1))
    await dialog.getByText('SMS', { exact: true }).click()
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await expect(dialog.getByTestId('guest-countdown')).toContainText(/Code expires in 0[45]:\d\d/)
    await expect(dialog.getByRole('button', { name: 'Resend code' })).toBeDisabled()
    await dialog.getByLabel('Code', { exact: true }).fill(codeIn(await newestMessage(request, phone), 6))
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await expect(
      page.getByText('Phone number has been successfully validated, Happy Shopping!!'),
    ).toBeVisible()
    const stored = await account.storedSession()
    expect(stored.state).toMatchObject({ asGuest: true, phoneAsGuest: phone })

    // A guest has no profile or address book: the member pages say so and offer to register.
    await page.goto('/member/address')
    await expect(page.getByTestId('guest-notice')).toContainText('Signed in as a guest')
    const menu = page.getByRole('navigation', { name: 'Account menu' })
    if (account.isLaptop) {
      await expect(menu.getByRole('link', { name: 'Wishlist' })).toBeVisible()
      await expect(menu.getByRole('link', { name: 'Address' })).toHaveCount(0)
    }
    await page.goto('/member/account-info')
    await page.getByTestId('guest-notice').getByRole('button', { name: 'REGISTER' }).click()
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible()
  },
)

test('forgot password: the temporary password from the outbox signs in', async ({
  page,
  request,
  account,
}) => {
  const member = await registerMember(request, 'forget')
  await page.goto('/')
  await account.openSignIn()
  await account.dialog().getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = account.dialog('Forget Password')
  const send = dialog.getByRole('button', { name: 'Send temporary password' })
  await expect(send).toBeDisabled()
  await dialog.getByLabel('Email').fill(member.email)
  await send.click()
  await expect(dialog.getByTestId('auth-message')).toBeVisible()
  const mail = await newestMessage(request, member.email)
  const temporary = mail.match(/temporary password is: (\S+)/)?.[1] ?? ''
  expect(temporary).not.toBe('')
  await dialog.getByRole('button', { name: 'Back to login' }).click()
  await account.login(member.email, temporary)
  await expect(account.dialog()).toBeHidden()
  await account.dismissCampaign()
  await account.expectSignedIn()
})

test('change password from account info, then sign in with the new one', async ({ page, request }) => {
  const member = await registerMember(request, 'change')
  await storeSession(page, member.user)
  await page.goto('/member/account-info')
  await page.getByRole('button', { name: 'Change password' }).click()
  const modal = page.getByRole('dialog', { name: 'Change Password' })
  const submit = modal.getByRole('button', { name: 'Change password' })
  await modal.getByLabel('Current password').fill(PASSWORD)
  await modal.getByLabel('New password', { exact: true }).fill(PASSWORD)
  await expect(modal.getByText('Cannot be a previously used password')).toBeVisible()
  await modal.getByLabel('New password', { exact: true }).fill('Baru12345')
  await modal.getByLabel('Confirm new password').fill('Baru1234')
  await expect(modal.getByText('Password must be the same')).toBeVisible()
  await expect(submit).toBeDisabled()
  await modal.getByLabel('Confirm new password').fill('Baru12345')
  await submit.click()
  await expect(modal).toBeHidden()
  const login = await request.post('/api/v1/member/login', {
    headers: {
      'x-brand-id': '9',
      authorization: `Basic ${Buffer.from(`${member.email}:Baru12345`).toString('base64')}`,
    },
  })
  expect(login.status()).toBe(200)
})

test('account info: edit and reset restore the server values; SAVE needs a name', async ({
  page,
  request,
  account,
}) => {
  const member = await registerMember(request, 'edit')
  await storeSession(page, member.user)
  await page.goto('/member/account-info')
  await expect(page.getByTestId('profile-name')).toContainText(member.name)
  await page.getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('form', { name: 'Edit account info' })
  await form.getByLabel('Name').fill('')
  await expect(form.getByRole('button', { name: 'SAVE' })).toBeDisabled()
  await form.getByLabel('Name').fill('Someone Else')
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('profile-name')).toContainText(member.name)
  await page.getByRole('button', { name: 'Edit' }).click()
  await form.getByLabel('Name').fill('Ayu Baru')
  await form.getByLabel('Female').check()
  await form.getByLabel('Occupation').selectOption('PELAJAR')
  await form.getByRole('button', { name: 'SAVE' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Ayu Baru')
  await expect(page.getByTestId('profile-gender')).toContainText('Female')
  await expect(page.getByTestId('profile-occupation')).toContainText('Pelajar / Mahasiswa')
  // '-' is sent as the product's array of one and reads back as '-' after a reload.
  await page.getByRole('button', { name: 'Edit' }).click()
  await form.getByLabel('Occupation').selectOption('')
  const saved = page.waitForRequest(
    (r) => r.url().includes('/api/v1/member/profile') && r.method() === 'PATCH',
  )
  await form.getByRole('button', { name: 'SAVE' }).click()
  expect((await saved).postDataJSON()).toMatchObject({ jenis_pekerjaan: ['-'] })
  await expect(page.getByTestId('profile-occupation').locator('dd')).toHaveText('-')
  await page.reload()
  await expect(page.getByTestId('profile-occupation').locator('dd')).toHaveText('-')
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(form.getByLabel('Occupation')).toHaveValue('')
  expect(account).toBeTruthy()
})
