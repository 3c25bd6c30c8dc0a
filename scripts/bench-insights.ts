/**
 * The back office home's figures on a year of orders (issue 30, decision 050): `npm run
 * bench:insights`. Fills a fresh database (PGlite in memory, or a new database on the server named
 * by BENCH_DATABASE_URL) with ORDERS orders over 365 days (two lines each, a tenth with a voucher,
 * a few per cent cancelled), then times the sales overview and the owner's "to do" against a
 * baseline measured in the same run: one plain count of the whole year (what a query without the
 * window and its index would at least read). Prints medians of RUNS reads and the plans' use of
 * the indexes.
 */
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../apps/api/src/db/client.ts'
import { readSales, readTodo } from '../apps/api/src/domains/insights/index.ts'

const ORDERS = Number(process.env.ORDERS ?? 100_000)
const RUNS = Number(process.env.RUNS ?? 7)
const DAY = 86_400_000

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function time(fn: () => Promise<unknown>): Promise<number> {
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await fn()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

async function fill(db: Db, now: number) {
  await db.execute(sql`insert into brands (id, name, slug) values (9, 'Busana Woman', 'woman'), (5, 'Busana Man', 'man'),
    (14, 'Busana Junior', 'junior') on conflict do nothing`)
  await db.execute(
    sql`insert into customers (nama, hp, is_verified) values ('Bench Buyer', '081299999999', true)`,
  )
  const [customer] = (
    (await db.execute(sql`select id_pelanggan as id from customers limit 1`)) as unknown as {
      rows: { id: number }[]
    }
  ).rows
  const started = performance.now()
  // One statement per 20,000 orders; order i is placed 365 days × i / ORDERS ago.
  for (let from = 1; from <= ORDERS; from += 20_000) {
    const to = Math.min(ORDERS, from + 19_999)
    await db.execute(sql`
      insert into sales_headers (id_sales_header, sales_order_number, id_pelanggan, status, id_brand, buyer_name,
        buyer_phone, subtotal, biaya_kirim, packing_fee, payment_fee, promo_value, kode_promo, total_bayar,
        id_delivery_method, paket, courier_code, etd_min, etd_max, weight_grams, penerima, hp_penerima, alamat_lengkap,
        destination_code, subdistrict, district, city, province, kode_pos, id_payment, payment_name, payment_code,
        payment_category, payment_logo, order_date, expired_time, paid_at, cancelled_at)
      select md5(i::text), 'BENCH-' || i, ${customer!.id},
        case when i % 37 = 0 then 'Cancel' when i <= 40 then 'Paid' else 'Success' end,
        (array[9, 5, 14])[1 + i % 3], 'Bench Buyer', '081299999999',
        100000 + (i % 7) * 25000, 15000, 0, 4000,
        case when i % 10 = 0 then 20000 else 0 end, case when i % 10 = 0 then 'HEMAT20' end,
        100000 + (i % 7) * 25000 + 19000 - case when i % 10 = 0 then 20000 else 0 end,
        1, 'JNE REG', 'jne:reg', 1, 2, 300, 'Bench Buyer', '081299999999', 'Jl. Bench 1', '31.71.01', 'Gambir',
        'Gambir', 'Jakarta Pusat', 'DKI Jakarta', '10110', 1,
        (array['BCA Virtual Account', 'GoPay', 'QRIS'])[1 + i % 3], (array['bca_va', 'gopay', 'qris'])[1 + i % 3],
        'va', '/img/pay.svg',
        to_timestamp((${now} - i::bigint * ${Math.floor((365 * DAY) / ORDERS)}) / 1000.0),
        to_timestamp((${now} - i::bigint * ${Math.floor((365 * DAY) / ORDERS)} + ${DAY}) / 1000.0),
        case when i % 37 = 0 then null else to_timestamp((${now} - i::bigint * ${Math.floor((365 * DAY) / ORDERS)} + 600000) / 1000.0) end,
        case when i % 37 = 0 then to_timestamp((${now} - i::bigint * ${Math.floor((365 * DAY) / ORDERS)} + ${DAY}) / 1000.0) end
      from generate_series(${from}::int, ${to}::int) as i`)
    await db.execute(sql`
      insert into sales_lines (id_sales_header, position, product_code, sku_product, product_master_name, ukuran,
        id_brand, quantity, harga_jual)
      select md5(i::text), p, 'BENCH-' || ((i * 7 + p) % 200), 'BENCH-' || ((i * 7 + p) % 200) || '-M',
        'Bench product ' || ((i * 7 + p) % 200), 'M', 9, 1 + p, 50000
      from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 1) as p`)
  }
  await db.execute(sql`analyze`)
  return performance.now() - started
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL
  let url: string | undefined
  let drop = async () => {}
  if (adminUrl) {
    const name = `busana_bench_insights_${process.pid}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const target = new URL(adminUrl)
    target.pathname = `/${name}`
    url = target.toString()
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }
  const database = await openDatabase({ url, dataDir: 'memory://' })
  try {
    await database.migrate()
    const db = database.db
    const now = Date.now()
    const filled = await fill(db, now)
    const baseline = await time(() => db.execute(sql`select count(*), sum(total_bayar) from sales_headers`))
    const sales = await time(() => readSales(db, now))
    const todo = await time(() => readTodo(db, 'owner', now))
    const plan = (
      (await db.execute(sql`explain select count(*) from sales_headers
        where paid_at >= ${new Date(now - 60 * DAY)} and paid_at < ${new Date(now)}
        and status in ('Paid', 'Delivery', 'Success')`)) as unknown as { rows: { 'QUERY PLAN': string }[] }
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n')
    console.log(
      `database: ${adminUrl ? 'PostgreSQL server' : 'PGlite (embedded)'}; orders: ${ORDERS} over 365 days`,
    )
    console.log(`filled in ${(filled / 1000).toFixed(1)} s; medians of ${RUNS} reads:`)
    console.log('| read | median ms |\n|---|---|')
    console.log(`| baseline: count and sum of the whole year | ${baseline.toFixed(1)} |`)
    console.log(
      `| sales overview (periods, 30-day chart, top products, vouchers, payments, unpaid) | ${sales.toFixed(1)} |`,
    )
    console.log(`| owner's to do (six counts) | ${todo.toFixed(1)} |`)
    console.log(`\nthe periods' scan:\n${plan}`)
  } finally {
    await database.close()
    await drop()
  }
}

await main()
