import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test, expect } from '@playwright/test'

/**
 * Issue 38 item 12: a fresh shop without ADMIN_EMAIL / ADMIN_PASSWORD prints a one-time password
 * for admin@busana.local, once, in the plain block it ends its start with (issue 43; the JSON log
 * never holds it). Signing in with it, the back office asks for a new password
 * before anything else; the API refuses other staff calls until then (403 STF013); with the new
 * password chosen, the back office opens and the one-time password no longer signs in.
 *
 * The journeys' own server has a configured owner, so this one starts a second compiled server of
 * its own (decision 044) on an empty embedded database and reads the password from that block.
 */

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url))
const port = Number(process.env.E2E_PORT ?? 3210) + 40

interface FreshShop {
  origin: string
  password: string
  stop(): Promise<void>
}

/** Starts the compiled store on an empty database and waits for the one-time password it prints. */
async function freshShop(): Promise<FreshShop> {
  const dir = mkdtempSync(join(tmpdir(), 'busana-first-owner-'))
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, DATABASE_URL: _url, ...env } = process.env
  const child: ChildProcess = spawn(process.execPath, [`${dist}storefront.js`], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      SEED_ON_START: 'false',
      DATA_ENCRYPTION_KEY: 'ZTJlLWRhdGEtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const password = new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // The plain block printed once the shop listens (issue 43), never a JSON log line.
      const shown = /^ {2}One-time password: +(\S+)$/m.exec(output)?.[1]
      if (shown) {
        expect(output.split('\n').filter((line) => line.startsWith('{') && line.includes(shown))).toEqual([])
        resolve(shown)
      }
    })
    child.once('exit', (code) => reject(new Error(`the fresh shop exited with ${code}`)))
  })
  try {
    const origin = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (res) => res.ok,
            () => false,
          ),
        { timeout: 120_000 },
      )
      .toBe(true)
    return { origin, password: await password, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

test('issue 38: the first owner signs in with the printed one-time password and must choose a new one first', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const shop = await freshShop()
  try {
    await page.addInitScript(() => localStorage.setItem('busana-admin-language', 'en'))
    await page.goto(`${shop.origin}/admin`)
    await page.getByLabel('E-mail').fill('admin@busana.local')
    await page.getByLabel('Password').fill(shop.password)
    await page.getByRole('button', { name: 'Sign in' }).click()

    // Before anything else: the new password, no menu, no screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 })
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
      expect(scrolls, `${width} px`).toBe(false)
      // Kept beside the run's results (test-results/), to look at.
      const path = test.info().outputPath(`choose-a-new-password-${width}.png`)
      await page.screenshot({ path, fullPage: true })
      await test.info().attach(`choose a new password, ${width} px`, { path, contentType: 'image/png' })
    }

    // The API agrees: another staff call is refused with the session the page holds.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/admin/v1/staff')
      return { status: res.status, code: ((await res.json()) as { code: string }).code }
    })
    expect(refused).toEqual({ status: 403, code: 'STF013' })

    // The same password again is refused by the contract's rule; then a new one opens the back office.
    await page.getByLabel('One-time password').fill(shop.password)
    await page.getByLabel('New password', { exact: true }).fill(shop.password)
    await page.getByLabel('Repeat the new password').fill(shop.password)
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByText('must differ from current_password')).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('the owner chose this one')
    await page.getByLabel('Repeat the new password').fill('the owner chose this one')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
    await expect(page.locator('#main').getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toHaveCount(0)

    // The one-time password is gone.
    const old = await request.post(`${shop.origin}/api/admin/v1/auth/login`, {
      data: { email: 'admin@busana.local', password: shop.password },
    })
    expect(old.status()).toBe(401)
  } finally {
    await shop.stop()
  }
})
