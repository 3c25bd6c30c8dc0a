/**
 * The product CSV import (issue 43 part 7, decision 059): `npm run bench:import`. Builds the API
 * over a fresh database (PGlite in memory, or a new database on the server named by
 * TEST_DATABASE_URL, as the API tests do), makes a file of PRODUCTS products × SIZES sizes (5,000
 * rows by default) with stock in two warehouses, and times through HTTP (inject, no port) the dry
 * run, the real import, and a dry run of the same file again (nothing left to change). The issue's
 * target: 5,000 rows within a minute.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { buildTestApp } from '../apps/api/src/test/build-test-app.ts'
import { ensureFirstStaff } from '../apps/api/src/domains/staff/staff.service.ts'

const PRODUCTS = Number(process.env.PRODUCTS ?? 1000)
const SIZES = Number(process.env.SIZES ?? 5)
/** STOCK=0 leaves the stock cells empty (the catalogue's part alone). */
const STOCK = process.env.STOCK !== '0'
const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
const SIZE_NAMES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL']

function fileOf(change = 0): string {
  const header =
    'product_code,id_brand,brand,product_name,product_name_alt,colour_family,categories,harga_coret,' +
    'picture_urls,sku_product,ukuran,selling_price,weight_grams,stock:1,stock:2'
  const lines = [header]
  const colours = ['black', 'white', 'blue', 'red', 'green']
  for (let p = 1; p <= PRODUCTS; p++) {
    const code = `BENCH-${String(p).padStart(5, '0')}`
    const brand = [9, 5, 14][p % 3]
    for (let s = 0; s < SIZES; s++) {
      lines.push(
        [
          code,
          brand,
          '',
          change ? `Kemeja Bench ${p} (baru)` : `Kemeja Bench ${p}`,
          `Bench shirt ${p}`,
          colours[p % colours.length],
          '',
          p % 4 === 0 ? 299_000 : 0,
          p % 10 === 0 ? `/media/v1/u/bench-${p}.webp` : '',
          `${code}-${SIZE_NAMES[s % SIZE_NAMES.length]}${s >= SIZE_NAMES.length ? s : ''}`,
          SIZE_NAMES[s % SIZE_NAMES.length],
          199_000 + s * 10_000 + change,
          250 + s * 10,
          STOCK ? ((p + s) % 20) + (change ? 1 : 0) : '',
          STOCK ? (p * s) % 7 : '',
        ].join(','),
      )
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

function multipart(csv: string) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  }
}

async function main() {
  const started = performance.now()
  const t = await buildTestApp({ seed: false })
  try {
    const db = t.database.db
    await db.execute(sql`insert into brands (id, name, slug) values (9, 'Busana Woman', 'woman'),
      (5, 'Busana Man', 'man'), (14, 'Busana Junior', 'junior') on conflict do nothing`)
    await db.execute(sql`insert into warehouses (id, name, city) values (2, 'Gudang Cadangan Bandung', 'Bandung')
      on conflict (id) do nothing`)
    await db.execute(sql`select setval(pg_get_serial_sequence('warehouses', 'id'), 2)`)
    await ensureFirstStaff(
      db,
      { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
      { info() {}, warn() {} },
    )
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/v1/auth/login', payload: OWNER })
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`)
    const token = login.json().data.token as string
    const csv = fileOf()
    const rows = PRODUCTS * SIZES
    console.log(
      `database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${rows} rows (${PRODUCTS} products × ${SIZES} sizes, 2 warehouses), ${(csv.length / 1024).toFixed(0)} KB; set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )

    const run = async (label: string, dryRun: boolean, file = csv) => {
      const form = multipart(file)
      const start = performance.now()
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/v1/products/import.csv?dry_run=${dryRun}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
        payload: form.payload,
      })
      const seconds = (performance.now() - start) / 1000
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 2000)}`)
      const summary = res.json().data.summary as Record<string, number>
      console.log(`${label.padEnd(22)} ${seconds.toFixed(2).padStart(7)} s  ${JSON.stringify(summary)}`)
      return seconds
    }

    const dry = await run('dry run (all new)', true)
    const real = await run('import (all new)', false)
    const again = await run('dry run (unchanged)', true)
    // The owner's usual file: every product renamed, every price and the first warehouse's count changed.
    const changed = fileOf(1000)
    const dryUpdate = await run('dry run (all changed)', true, changed)
    const update = await run('import (all changed)', false, changed)
    const [count] = (
      (await db.execute(sql`select (select count(*) from variants)::int as sizes,
        (select count(*) from stock_adjustments where source = 'import')::int as moves`)) as unknown as {
        rows: { sizes: number; moves: number }[]
      }
    ).rows
    console.log(`stored: ${count!.sizes} sizes, ${count!.moves} stock adjustments (source import)`)
    const worst = Math.max(dry, real, again, dryUpdate, update)
    console.log(
      `target 5,000 rows within 60 s: slowest run ${worst.toFixed(1)} s — ${worst <= 60 ? 'met' : 'NOT met'}`,
    )
  } finally {
    await t.close()
  }
}

await main()
