/**
 * The bare twin of a PAY NOW press (issue 41), the floor `npm run bench:rush` compares the store's
 * checkout against: Fastify and `pg` alone, no plugin, no logger, no validation library, a pool of
 * 10 as the store's. `POST /press` does the essential work of a press in one transaction: take one
 * unit with a conditional update (`bare_stock`), insert the order and its line (`bare_orders`,
 * `bare_order_lines`), commit; when none is left it rolls back and answers 422 CRT003, as the store
 * does. The tables live in the rush's own database beside the store's (`createBareTables`). Run as
 * `node --import tsx scripts/lib/bare-rush.ts <database url>` with PORT set; prints its origin.
 */
import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import pg from 'pg'

/**
 * The bare twin's tables, with `units` of `sku` in stock (dropped and made again), and the units of
 * the warm-up's product when there is one.
 */
export async function createBareTables(
  client: pg.Client,
  sku: string,
  units: number,
  warm?: { sku: string; units: number },
): Promise<void> {
  await client.query(`
    drop table if exists bare_order_lines, bare_orders, bare_stock;
    create table bare_stock (sku text primary key, stock integer not null check (stock >= 0));
    create table bare_orders (
      id uuid primary key, member text not null, total integer not null,
      created_at timestamptz not null default now());
    create table bare_order_lines (
      id serial primary key, order_id uuid not null references bare_orders (id),
      sku text not null, qty integer not null, price integer not null);`)
  await client.query('insert into bare_stock (sku, stock) values ($1, $2)', [sku, units])
  if (warm) await client.query('insert into bare_stock (sku, stock) values ($1, $2)', [warm.sku, warm.units])
}

/** What the twin's tables hold of `sku` after a rush: orders, units ordered and the stock left. */
export async function bareOutcome(client: pg.Client, sku: string) {
  const { rows } = await client.query<{ orders: number; units: number; stock: number }>(
    `select (select count(distinct order_id) from bare_order_lines where sku = $1)::int as orders,
            (select coalesce(sum(qty), 0) from bare_order_lines where sku = $1)::int as units,
            (select stock from bare_stock where sku = $1) as stock`,
    [sku],
  )
  return rows[0]!
}

interface PressBody {
  products?: { sku_product?: string; qty?: number }[]
}

const PRICE = 189_000

async function serve(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const app = Fastify({ logger: false })
  app.post<{ Querystring: { token?: string }; Body: PressBody }>('/press', async (request, reply) => {
    const line = request.body?.products?.[0]
    const sku = line?.sku_product
    const token = request.query.token
    if (!sku || !token) return reply.code(400).send({ code: 'REQ001', message: 'products and token' })
    const client = await pool.connect()
    try {
      await client.query('begin')
      const taken = await client.query(
        'update bare_stock set stock = stock - 1 where sku = $1 and stock >= 1 returning stock',
        [sku],
      )
      if (taken.rowCount === 0) {
        await client.query('rollback')
        return reply.code(422).send({ code: 'CRT003', message: 'sold out' })
      }
      const id = randomUUID()
      await client.query('insert into bare_orders (id, member, total) values ($1, $2, $3)', [
        id,
        token,
        PRICE,
      ])
      await client.query('insert into bare_order_lines (order_id, sku, qty, price) values ($1, $2, 1, $3)', [
        id,
        sku,
        PRICE,
      ])
      await client.query('commit')
      return { data: { id_sales_header: id } }
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  })
  app.get('/livez', async () => ({ ok: true }))
  const origin = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
  process.stdout.write(`${origin}\n`)
  process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))))
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await serve(process.argv[2]!)
