import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedCatalog } from '../../demo/seed/index.ts'

/**
 * The demo seed's stock lands in warehouse 1 consistently with the sellable stock, also when run
 * again, and every variant has its sellable stock row.
 */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const mismatches = async () =>
  (
    (await t.database.db.execute(sql`
      select v.sku_product from variants v
      left join sellable_stock ss on ss.sku_product = v.sku_product
      left join stock_levels sl on sl.sku_product = v.sku_product and sl.id_warehouse = 1
      where ss.sku_product is null or sl.on_hand is distinct from ss.stock`)) as unknown as {
      rows: unknown[]
    }
  ).rows

describe('the seed', () => {
  it('gives every variant a warehouse 1 row equal to its stock (no open orders), and a reserve warehouse', async () => {
    expect(await mismatches()).toEqual([])
    const warehouses = (
      (await t.database.db.execute(sql`select id from warehouses order by id`)) as unknown as {
        rows: { id: number }[]
      }
    ).rows
    expect(warehouses.map((w) => w.id)).toEqual([1, 2])
    await seedCatalog(t.database.db)
    expect(await mismatches()).toEqual([])
  })
})
