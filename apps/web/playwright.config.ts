import { defineConfig, devices } from '@playwright/test'
import { STAFF } from './e2e/fixtures/staff.ts'

/**
 * Journeys in Debian's Chromium against the production build, at phone (390 px) and laptop
 * (1280 px) widths. The server runs on its own port with a fresh database (see e2e/serve.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3210)
// E2E_NGINX=1: the journeys tagged @nginx go through nginx over TLS (e2e/serve.ts, e2e/nginx.ts);
// the developer pages stay at the store process itself (e2e/fixtures/direct.ts).
const nginx = process.env.E2E_NGINX === '1'
if (nginx) process.env.E2E_DIRECT_ORIGIN = `http://127.0.0.1:${port + 1}`
const origin = nginx ? `https://127.0.0.1:${port}` : `http://127.0.0.1:${port}`
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The split run (E2E_SPLIT=1: storefront and API in two processes) takes the journeys tagged
  // @split: together they cross every proxied path (/api, /media, /healthz, /dev/outbox,
  // /dev/payments and its forms) and every change made through one process that the other must
  // show (staff edits dropping the storefront's page cache through the change poll). The rest
  // render the same pages through the same loaders, so repeating them adds time, not coverage.
  ...(process.env.E2E_SPLIT === '1' && { grep: /@split/ }),
  // Through nginx: a checkout, a staff change reaching the shop, an upload, the headers over TLS.
  ...(nginx && { grep: /@nginx/ }),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]],
  outputDir: '../../test-results',
  use: {
    baseURL: origin,
    ignoreHTTPSErrors: nginx,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      // The back office is used at a desk: its journeys run at laptop width (issue 14).
      testIgnore: /admin-.*\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
    {
      name: 'laptop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    cwd: new URL('.', import.meta.url).pathname,
    url: `${origin}/healthz`,
    ignoreHTTPSErrors: nginx,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8000 },
    // The staff API's first account (the orders journeys ship and deliver with it); serve.ts passes
    // the environment on to the API process of E2E_SPLIT=1 runs too.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      // Staff TOTP secrets sealed, as a real deployment keeps them (a throwaway key for this server).
      DATA_ENCRYPTION_KEY: 'ZTJlLWRhdGEtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=',
      // Consented analytics on (decision 034): the journeys assert on the data layer and answer the
      // vendors' script requests themselves (analytics.spec.ts); nothing leaves the machine.
      GA4_ID: 'G-E2ETEST01',
      META_PIXEL_ID: '1234567890',
      GTM_ID: 'GTM-E2ETEST',
      // One proxy hop trusted: the fixtures' members register from addresses of their own
      // (shopperHeaders in e2e/fixtures/account.ts), so per-address limits see many shoppers.
      TRUST_PROXY: '1',
    },
  },
})
