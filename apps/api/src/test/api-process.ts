import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { openDatabase, type Database, type Db } from '../db/client.ts'
import { loadRegions } from '../db/regions.ts'
import { addresses, cartLines, paymentMethods } from '../db/schema/index.ts'
import { seedCatalog } from '../demo/seed/index.ts'
import { createProduct } from './factories.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from './member-factories.ts'
import { createServerDatabase } from './server-database.ts'

/**
 * Tests of a real API process (`src/server.ts` through tsx): a fresh database it can open, the
 * process started with an environment of the test's own and its port read from its log, and a
 * waiting helper. Used by the graceful-restart and the order-updates crash tests.
 */

const apiDir = fileURLToPath(new URL('../../', import.meta.url))

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 25 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
) {
  const began = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - began > ms) throw new Error(`timed out waiting for ${what}`)
    await pause(25)
  }
}

/** A fresh database: a new one on TEST_DATABASE_URL's server, or PGlite in a temporary folder. */
export async function freshDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const created = await createServerDatabase(serverUrl, prefix.replace(/-/g, '_'))
  return {
    env: { DATABASE_URL: created.url },
    open: () => openDatabase({ url: created.url, dataDir: '' }),
    drop: created.drop,
  }
}

export interface ApiProcess {
  child: ChildProcess
  port: number
  /** The process's JSON log lines, parsed. */
  logLines: Array<Record<string, unknown>>
  stderr(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
}

/**
 * Starts `src/server.ts` in production mode on a port of its own choosing, with `env` over the
 * test's environment (minus the database and port variables), and resolves once it listens.
 */
export async function startApiProcess(
  env: Record<string, string | undefined>,
  startMs = 110_000,
): Promise<ApiProcess> {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'API_URL', 'METRICS_PORT']) delete base[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  )
  const logLines: Array<Record<string, unknown>> = []
  let stderr = ''
  let pending = ''
  child.stdout!.on('data', (chunk) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop()!
    for (const line of lines) {
      try {
        logLines.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        logLines.push({ msg: line })
      }
    }
  })
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  // PORT=0: the port the process got, from its "Server listening at" line.
  const port = await until(
    'the server to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`)
      const listening = logLines.find((line) => String(line.msg).startsWith('Server listening at'))
      return listening ? Number(/:(\d+)$/.exec(String(listening.msg))![1]) : undefined
    },
    startMs,
  )
  return { child, port, logLines, stderr: () => stderr, exited }
}

/** A shop for a real process to serve: the demo catalogue, Jakarta's regions and a shirt (size M, Rp 189.000). */
export async function prepareShop(database: Database, stock: number) {
  const db = database.db
  await database.migrate()
  await seedCatalog(db)
  await loadRegions(db, { provinces: ['31'] })
  const product = await createProduct(db, {
    idBrand: 9,
    sellingPrice: 189_000,
    sizes: [{ ukuran: 'M', stock, sellingPrice: 189_000 }],
  })
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, 'bca_va'))
  return { productCode: product.productCode, sku: `${product.productCode}-M`, methodId: method!.id }
}

/**
 * A signed-in shopper with one shirt in the bag: a member with a primary address in Gambir, or a
 * guest by phone. Answers the session and the member part of a checkout body (a guest adds the form).
 */
export async function shopperWithShirt(db: Db, shop: Awaited<ReturnType<typeof prepareShop>>, guest = false) {
  const m = await createSignedInMember(db, { isGuest: guest })
  if (!guest) await db.insert(addresses).values({ ...GAMBIR_ADDRESS, idPelanggan: m.idPelanggan })
  const [line] = await db
    .insert(cartLines)
    .values({
      idPelanggan: m.idPelanggan,
      productCode: shop.productCode,
      skuProduct: shop.sku,
      lineKey: shop.sku,
      qty: 1,
    })
    .returning({ id: cartLines.idLine })
  const order = {
    id_delivery_method: 1,
    id_payment: shop.methodId,
    products: [{ id_line: line!.id, product_code: shop.productCode, sku_product: shop.sku, qty: 1 }],
  }
  return { ...m, order }
}
