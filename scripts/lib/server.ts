import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface RunningServer {
  origin: string
  stop(): Promise<void>
}

/** Starts the production build (API + storefront) on a free port with a fresh embedded database. */
export async function startProductionServer(): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'busana-bench-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The embedded database seeds by default; said here so an exported SEED_ON_START=false cannot empty the bench.
    SEED_ON_START: 'true',
  }
  delete env.DATABASE_URL
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${origin}/healthz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    origin,
    async stop() {
      // A server that already exited (killed from outside) would never emit 'exit' again.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A product page and category from the seeded home page, for benches and size checks. */
export async function sampleTargets(origin: string) {
  const headers = { 'x-brand-id': '9' }
  const home = (await (await fetch(`${origin}/api/v1/pages/home`, { headers })).json()) as {
    data: { slider: { category_name: string; item: { product_code: string; product_name: string }[] }[] }
  }
  const slider = home.data.slider.find((s) => s.item.length > 0)
  if (!slider) throw new Error('the home page has no product: is the catalog seeded?')
  const product = slider.item[0]!
  const slug = product.product_name.trim().toLowerCase().replace(/\s+/g, '-')
  return {
    category: slider.category_name,
    productCode: product.product_code,
    productPath: `/shop/product/${encodeURIComponent(product.product_code.toLowerCase())}/${encodeURIComponent(slug)}`,
  }
}
