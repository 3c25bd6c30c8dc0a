import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.mjs'

export { freePort }

const root = fileURLToPath(new URL('../../', import.meta.url))

export interface RunningServer {
  origin: string
  stop(): Promise<void>
}

export interface ProductionServerOptions {
  /** LOG_LEVEL of the server; default 'warn'. */
  logLevel?: string
  /** Where the server's stdout (its log lines) goes instead of this terminal. */
  logFile?: string
  /** More environment variables for the server. */
  env?: NodeJS.ProcessEnv
  /** More options for the server's node, e.g. `--cpu-prof` to profile it. */
  nodeArgs?: string[]
  /**
   * The tree whose build runs (its dist/ and scripts/lib/bench-app.ts): default this one; a git
   * worktree of an older commit measures that commit (bench-listing.ts).
   */
  root?: string
  /**
   * A database folder prepared beforehand (listing-prepare.ts): the server seeds nothing into a
   * filled one, and the folder is left for its owner. Default: a new empty folder, removed at stop.
   */
  dataDir?: string
}

/** Starts the production build (API + storefront) on a free port with a fresh embedded database. */
export async function startProductionServer(options: ProductionServerOptions = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'busana-bench-'))
  const cwd = options.root ?? root
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // The embedded database seeds by default; said here so an exported SEED_ON_START=false cannot empty the bench.
    SEED_ON_START: 'true',
    ...options.env,
  }
  delete env.DATABASE_URL
  const out = options.logFile ? openSync(options.logFile, 'a') : 'inherit'
  // A tree from before the bench's own entry point runs its compiled server directly.
  const entry = existsSync(join(cwd, 'scripts/lib/bench-app.ts'))
    ? 'scripts/lib/bench-app.ts'
    : 'dist/storefront.js'
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', entry],
    {
      cwd,
      env,
      stdio: ['ignore', out, 'inherit'],
    },
  )
  if (typeof out === 'number') closeSync(out)
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
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
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
    listingPath: `/shop/9/category/${encodeURIComponent(slider.category_name)}`,
    productCode: product.product_code,
    productPath: `/shop/product/${encodeURIComponent(product.product_code.toLowerCase())}/${encodeURIComponent(slug)}`,
  }
}
