import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import {
  AppError,
  CHECKOUT_WAREHOUSE_ID,
  shopIsoString,
  STOCK_IMPORT_MAX_ROWS,
  type StockAdjustBody,
  type StockAdjustment,
  type StockAdjustmentQuery,
  type StockAdjustReason,
  type StockImportBody,
  type StockLevel,
  type StockQuery,
  type Warehouse,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { sellableStock, stockAdjustments, stockLevels, warehouses } from '../../db/schema/index.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { announceAvailable, cameBack } from './available.ts'
import { recordAudit, staffEmailOf, type AuditActor } from '../staff/index.ts'
import type { HeldByOrders, StockViews } from './handed-in.ts'
import type { SkuUnits } from './units.ts'

/**
 * Stock per warehouse (issue 14). on_hand is stored per sku and warehouse (stock_levels); held is
 * counted from the open orders (Open or Paid, not yet shipped) of that warehouse; available is
 * on_hand − held. For the warehouse checkout sells from (CHECKOUT_WAREHOUSE_ID) the invariant
 * `sellable_stock.stock = on_hand − held` holds, so checkout keeps its one conditional update on
 * sellable_stock, cancel and expiry give units back there, and:
 *
 * - an adjustment by `delta` there applies `stock = stock + delta WHERE stock + delta >= 0`
 *   in the same transaction as on_hand + delta: it can never take on_hand below what open orders
 *   hold, whatever checkouts or other adjustments run at the same time (the sellable_stock row's
 *   lock orders them);
 * - shipping an order lowers on_hand by its units while held drops by the same units
 *   (shipStock, called in the ship's transaction), so the sellable stock does not move.
 *
 * A sku without a stock_levels row of the sellable warehouse (made by a factory or the catalog
 * API) counts as on_hand = stock + held; the row is written the first time stock changes. The skus
 * this module knows are the rows of sellable_stock (one per variant); the orders' units and the
 * catalog's names are handed in (handed-in.ts).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * Units held, per sku and warehouse: open orders' (each line's quantity and a bundle's parts ×
 * quantity: `orders`, orders' `heldByOrders`) and the holds of stock_holds (an approved exchange's
 * new size, issue 40; holds.ts).
 */
const heldUnits = (orders: HeldByOrders) => sql`
  select u.sku, u.wh, sum(u.units)::int as units from (
    select o.sku, o.wh, o.units from ${orders} o
    union all
    select s.sku_product, s.id_warehouse, s.units from stock_holds s
  ) u group by u.sku, u.wh`

export async function listWarehouses(db: Db): Promise<Warehouse[]> {
  const rows = await db.select().from(warehouses).where(eq(warehouses.active, true)).orderBy(warehouses.id)
  return rows.map(warehouseOf)
}

const warehouseOf = (w: typeof warehouses.$inferSelect): Warehouse => ({
  id: w.id,
  name: w.name,
  city: w.city,
  sellable: w.id === CHECKOUT_WAREHOUSE_ID,
  low_stock_at: w.lowStockAt,
})

/** Sets a warehouse's low-stock threshold (issue 30), audited; 404 STF150 for an unknown one. */
export async function setLowStockThreshold(
  db: Db,
  idWarehouse: number,
  lowStockAt: number,
  actor: AuditActor,
): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ lowStockAt: warehouses.lowStockAt })
      .from(warehouses)
      .where(and(eq(warehouses.id, idWarehouse), eq(warehouses.active, true)))
      .for('update')
    if (!before) throw new AppError('STF150')
    const [row] = await tx
      .update(warehouses)
      .set({ lowStockAt })
      .where(eq(warehouses.id, idWarehouse))
      .returning()
    if (before.lowStockAt !== lowStockAt) {
      await recordAudit(tx, actor, {
        action: 'warehouse.threshold',
        targetType: 'warehouse',
        targetId: String(idWarehouse),
        changes: { low_stock_at: { from: before.lowStockAt, to: lowStockAt } },
      })
    }
    return warehouseOf(row!)
  })
}

/**
 * Skus at or below each active warehouse's own threshold (available = on_hand − held), per
 * warehouse: the back office's "to do" (issue 30). The same rule as the list's low_stock filter: a
 * reserve warehouse counts only the skus it carries.
 */
export async function lowStockByWarehouse(
  db: Db,
  orders: HeldByOrders,
): Promise<{ id_warehouse: number; name: string; low_stock_at: number; count: number }[]> {
  return rowsOf<{ id_warehouse: number; name: string; low_stock_at: number; count: number }>(
    await db.execute(sql`
      with held as (${heldUnits(orders)})
      select w.id as id_warehouse, w.name, w.low_stock_at,
        count(ss.sku_product) filter (
          where coalesce(sl.on_hand, case when w.id = ${CHECKOUT_WAREHOUSE_ID} then ss.stock + coalesce(h.units, 0) else 0 end)
            - coalesce(h.units, 0) <= w.low_stock_at
            and (w.id = ${CHECKOUT_WAREHOUSE_ID} or sl.sku_product is not null)
        )::int as count
      from warehouses w
      cross join sellable_stock ss
      left join stock_levels sl on sl.sku_product = ss.sku_product and sl.id_warehouse = w.id
      left join held h on h.sku = ss.sku_product and h.wh = w.id
      where w.active
      group by w.id, w.name, w.low_stock_at
      order by w.id`),
  )
}

interface GridRow {
  sku_product: string
  product_code: string
  product_name: string
  ukuran: string
  id_brand: number
  /** The brand's name (the catalog's sizes carry it), for the CSV (issue 43). */
  brand_name: string | null
  id_warehouse: number
  warehouse_name: string
  on_hand: number
  held: number
  available: number
  not_for_sale: number
  total: number
}

/** The stock grid (sku × active warehouse) with the list's filters; page null: every row (CSV). */
async function stockGrid(
  db: Db | Transaction,
  views: StockViews,
  query: Omit<StockQuery, 'page' | 'per_page'>,
  page: { page: number; per_page: number } | null,
): Promise<GridRow[]> {
  const filters: SQL[] = [sql`w.active`]
  if (query.product_code) filters.push(sql`c.product_code = ${query.product_code.toUpperCase()}`)
  if (query.id_brand !== undefined) filters.push(sql`c.id_brand = ${query.id_brand}`)
  if (query.id_warehouse !== undefined) filters.push(sql`w.id = ${query.id_warehouse}`)
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    filters.push(sql`(c.sku_product ilike ${like} or c.product_name ilike ${like})`)
  }
  // Without low_stock_at, each warehouse's own threshold; a reserve warehouse is low only in what it
  // carries (has a row for), the sellable one in every sku (issue 30).
  const threshold = query.low_stock_at ?? sql`g.low_stock_at`
  const low = query.low_stock
    ? sql`where g.on_hand - g.held <= ${threshold} and (g.id_warehouse = ${CHECKOUT_WAREHOUSE_ID} or g.carried)`
    : sql``
  const limit = page ? sql`limit ${page.per_page} offset ${(page.page - 1) * page.per_page}` : sql``
  return rowsOf<GridRow>(
    await db.execute(sql`
      with held as (${heldUnits(views.held)}),
      g as (
        select c.sku_product, c.product_code, c.product_name, c.ukuran, c.id_brand, c.brand_name, c.position,
          w.id as id_warehouse, w.name as warehouse_name, w.low_stock_at, sl.sku_product is not null as carried,
          coalesce(h.units, 0)::int as held, coalesce(sl.not_for_sale, 0)::int as not_for_sale,
          coalesce(sl.on_hand, case when w.id = ${CHECKOUT_WAREHOUSE_ID} then coalesce(ss.stock, 0) + coalesce(h.units, 0) else 0 end)::int as on_hand
        from ${views.sizes} c
        left join sellable_stock ss on ss.sku_product = c.sku_product
        cross join warehouses w
        left join stock_levels sl on sl.sku_product = c.sku_product and sl.id_warehouse = w.id
        left join held h on h.sku = c.sku_product and h.wh = w.id
        where ${and(...filters)}
      )
      select g.sku_product, g.product_code, g.product_name, g.ukuran, g.id_brand, g.brand_name, g.id_warehouse,
        g.warehouse_name, g.on_hand, g.held, (g.on_hand - g.held)::int as available, g.not_for_sale,
        (count(*) over ())::int as total
      from g ${low}
      order by g.product_code, g.position, g.sku_product, g.id_warehouse
      ${limit}`),
  )
}

const levelOf = (row: GridRow): StockLevel => ({
  sku_product: row.sku_product,
  product_code: row.product_code,
  product_name: row.product_name,
  ukuran: row.ukuran,
  id_brand: row.id_brand,
  id_warehouse: row.id_warehouse,
  warehouse_name: row.warehouse_name,
  on_hand: row.on_hand,
  held: row.held,
  available: row.available,
  not_for_sale: row.not_for_sale,
})

/** One page of the stock grid. */
export async function listStock(
  db: Db,
  views: StockViews,
  query: StockQuery,
): Promise<{ levels: StockLevel[]; totalPages: number }> {
  const rows = await stockGrid(db, views, query, query)
  const total = rows[0]?.total ?? 0
  if (rows.length === 0 && query.page > 1) {
    const [first] = await stockGrid(db, views, query, { page: 1, per_page: 1 })
    return { levels: [], totalPages: Math.ceil((first?.total ?? 0) / query.per_page) }
  }
  return { levels: rows.map(levelOf), totalPages: Math.ceil(total / query.per_page) }
}

/** The stock of one sku in one warehouse (404 STF151 / STF150). */
export async function stockLevel(
  db: Db | Transaction,
  views: StockViews,
  sku: string,
  idWarehouse: number,
): Promise<StockLevel> {
  const [row] = rowsOf<GridRow>(
    await db.execute(sql`
      with held as (${heldUnits(views.held)})
      select c.sku_product, c.product_code, c.product_name, c.ukuran, c.id_brand, w.id as id_warehouse,
        w.name as warehouse_name, coalesce(h.units, 0)::int as held,
        coalesce(sl.not_for_sale, 0)::int as not_for_sale,
        coalesce(sl.on_hand, case when w.id = ${CHECKOUT_WAREHOUSE_ID} then coalesce(ss.stock, 0) + coalesce(h.units, 0) else 0 end)::int as on_hand,
        0 as available, 1 as total
      from ${views.sizes} c
      left join sellable_stock ss on ss.sku_product = c.sku_product
      join warehouses w on w.id = ${idWarehouse}
      left join stock_levels sl on sl.sku_product = c.sku_product and sl.id_warehouse = w.id
      left join held h on h.sku = c.sku_product and h.wh = w.id
      where c.sku_product = ${sku}`),
  )
  if (!row) {
    await assertWarehouse(db, idWarehouse)
    throw new AppError('STF151')
  }
  return levelOf({ ...row, available: row.on_hand - row.held })
}

/**
 * Every row of the grid as CSV: sku,warehouse,on_hand,held,available,not_for_sale,product_code,brand
 * (the later ones at the end, so an import of an older export and the import's own columns are
 * unchanged; the brand by its name, issue 43).
 */
export async function exportStockCsv(
  db: Db,
  views: StockViews,
  query: Omit<StockQuery, 'page' | 'per_page'>,
): Promise<string> {
  const rows = await stockGrid(db, views, query, null)
  return stringify(
    rows.map((row) => [
      row.sku_product,
      row.id_warehouse,
      row.on_hand,
      row.held,
      row.available,
      row.not_for_sale,
      row.product_code,
      row.brand_name ?? `Brand ${row.id_brand}`,
    ]),
    {
      header: true,
      columns: ['sku', 'warehouse', 'on_hand', 'held', 'available', 'not_for_sale', 'product_code', 'brand'],
    },
  )
}

export async function assertWarehouse(db: Db | Transaction, idWarehouse: number) {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, idWarehouse), eq(warehouses.active, true)))
  if (!row) throw new AppError('STF150')
}

/** Units open orders of the warehouse hold of the sku (read inside the change's transaction). */
async function heldOf(
  tx: Transaction,
  orders: HeldByOrders,
  sku: string,
  idWarehouse: number,
): Promise<number> {
  const [row] = rowsOf<{ units: number }>(
    await tx.execute(sql`select coalesce(sum(units), 0)::int as units from (${heldUnits(orders)}) held
      where held.sku = ${sku} and held.wh = ${idWarehouse}`),
  )
  return row?.units ?? 0
}

/**
 * The stock_levels row of (sku, warehouse), locked for this transaction; created first when
 * missing (the sellable warehouse: stock + held, `orders` counting the orders' part; another: 0).
 * Null when the sku does not exist (has no sellable_stock row).
 */
export async function lockLevel(
  tx: Transaction,
  sku: string,
  idWarehouse: number,
  orders: HeldByOrders,
): Promise<number | null> {
  if (idWarehouse === CHECKOUT_WAREHOUSE_ID) {
    await tx.execute(sql`
      insert into stock_levels (sku_product, id_warehouse, on_hand)
      select ss.sku_product, ${idWarehouse}, ss.stock + coalesce((
        select sum(units)::int from (${heldUnits(orders)}) held where held.sku = ss.sku_product and held.wh = ${idWarehouse}
      ), 0)
      from sellable_stock ss where ss.sku_product = ${sku}
      on conflict do nothing`)
  } else {
    await tx.execute(sql`
      insert into stock_levels (sku_product, id_warehouse, on_hand)
      select ss.sku_product, ${idWarehouse}, 0 from sellable_stock ss where ss.sku_product = ${sku}
      on conflict do nothing`)
  }
  const [row] = await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.skuProduct, sku), eq(stockLevels.idWarehouse, idWarehouse)))
    .for('update')
  return row?.onHand ?? null
}

export interface StockChange {
  sku: string
  idWarehouse: number
  reason: StockAdjustReason
  note: string | null
  source: 'adjust' | 'import' | 'return'
}

/**
 * Moves on_hand of one sku in one warehouse inside `tx` by `delta` (or to `set`), never below held:
 * 409 STF152 otherwise. Answers the delta applied (0 when nothing changed), on_hand before and
 * after, and the shop's stock after (the sellable warehouse; else null).
 */
export async function applyChange(
  tx: Transaction,
  change: StockChange & ({ delta: number } | { set: number }),
  actor: AuditActor,
  orders: HeldByOrders,
): Promise<{ delta: number; onHand: number; before: number; stock: number | null }> {
  const before = await lockLevel(tx, change.sku, change.idWarehouse, orders)
  if (before === null) throw new AppError('STF151')
  const delta = 'delta' in change ? change.delta : change.set - before
  if (delta === 0) return { delta: 0, onHand: before, before, stock: null }
  let stock: number | null = null
  if (change.idWarehouse === CHECKOUT_WAREHOUSE_ID) {
    // The shop's available count moves with on_hand; refused when open orders hold more.
    const [moved] = await tx
      .update(sellableStock)
      .set({ stock: sql`${sellableStock.stock} + ${delta}` })
      .where(and(eq(sellableStock.skuProduct, change.sku), sql`${sellableStock.stock} + ${delta} >= 0`))
      .returning({ stock: sellableStock.stock })
    if (!moved) throw new AppError('STF152')
    stock = moved.stock
    // A size back from 0 (a delivery, a count, returned units): its waiting members hear of it (issue 42).
    if (cameBack(moved.stock, delta)) await announceAvailable(tx, [change.sku])
  } else if (before + delta < (await heldOf(tx, orders, change.sku, change.idWarehouse))) {
    throw new AppError('STF152')
  }
  if (before + delta < 0) throw new AppError('STF152')
  const [after] = await tx
    .update(stockLevels)
    .set({ onHand: sql`${stockLevels.onHand} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(stockLevels.skuProduct, change.sku), eq(stockLevels.idWarehouse, change.idWarehouse)))
    .returning({ onHand: stockLevels.onHand })
  await tx.insert(stockAdjustments).values({
    skuProduct: change.sku,
    idWarehouse: change.idWarehouse,
    delta,
    onHandAfter: after!.onHand,
    reason: change.reason,
    note: change.note,
    source: change.source,
    staffId: actor.staffId,
  })
  return { delta, onHand: after!.onHand, before, stock }
}

/** POST …/stock/adjust: one change, its adjustment row and its audit row in one transaction. */
export async function adjustStock(
  db: Db,
  views: StockViews,
  body: StockAdjustBody,
  actor: AuditActor,
): Promise<StockLevel> {
  await assertWarehouse(db, body.id_warehouse)
  const sku = body.sku_product
  await db.transaction(async (tx) => {
    const base = { sku, idWarehouse: body.id_warehouse, reason: body.reason, note: body.note || null }
    const moved = await applyChange(
      tx,
      body.delta !== undefined
        ? { ...base, source: 'adjust', delta: body.delta }
        : { ...base, source: 'adjust', set: body.set! },
      actor,
      views.held,
    )
    if (moved.delta === 0) return
    await recordAudit(tx, actor, {
      action: 'stock.adjust',
      targetType: 'stock',
      targetId: `${sku}@${body.id_warehouse}`,
      changes: { on_hand: { from: moved.before, to: moved.onHand }, delta: moved.delta, reason: body.reason },
    })
    await notifyChanged(tx, 'catalog')
  })
  return stockLevel(db, views, sku, body.id_warehouse)
}

interface ImportRow {
  line: number
  sku: string
  idWarehouse: number
  onHand: number
}

/** Reads the import CSV: header sku,warehouse,on_hand (other columns ignored); every bad row is named by line. */
function readImportCsv(text: string): ImportRow[] {
  const source = text.replace(/^\uFEFF/, '')
  // A spreadsheet set to Indonesian writes semicolons; the header line tells which one is used.
  const firstLine = source.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ','
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(source, {
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new AppError('STF153', undefined, [{ field: 'csv', message: `not readable as CSV: ${message}` }])
  }
  const [header, ...body] = records
  const columns = (header?.record ?? []).map((name) => name.toLowerCase())
  const at = (name: string) => columns.indexOf(name)
  const missing = ['sku', 'warehouse', 'on_hand'].filter((name) => at(name) < 0)
  if (missing.length > 0) {
    throw new AppError('STF153', undefined, [
      {
        field: `line ${header?.info.lines ?? 1}`,
        message: `the header must name sku, warehouse and on_hand (missing ${missing.join(', ')})`,
      },
    ])
  }
  if (body.length === 0)
    throw new AppError('STF153', undefined, [{ field: 'csv', message: 'no rows after the header' }])
  if (body.length > STOCK_IMPORT_MAX_ROWS) {
    throw new AppError('STF153', undefined, [
      { field: 'csv', message: `at most ${STOCK_IMPORT_MAX_ROWS} rows in one import` },
    ])
  }
  const errors: { field: string; message: string }[] = []
  const rows: ImportRow[] = []
  const seen = new Map<string, number>()
  body.forEach(({ record, info }) => {
    const line = info.lines
    const sku = (record[at('sku')] ?? '').trim()
    const warehouse = (record[at('warehouse')] ?? '').trim()
    const onHand = (record[at('on_hand')] ?? '').trim()
    const problems: string[] = []
    if (!sku || sku.length > 80) problems.push('sku: missing or longer than 80 characters')
    if (!/^\d{1,9}$/.test(warehouse)) problems.push('warehouse: must be a warehouse id')
    if (!/^\d{1,7}$/.test(onHand) || Number(onHand) > 1_000_000)
      problems.push('on_hand: must be a whole number from 0 to 1000000')
    const key = `${sku}@${warehouse}`
    if (sku && seen.has(key)) problems.push(`sku and warehouse repeat line ${seen.get(key)}`)
    seen.set(key, line)
    if (problems.length > 0) errors.push({ field: `line ${line}`, message: problems.join('; ') })
    else rows.push({ line, sku, idWarehouse: Number(warehouse), onHand: Number(onHand) })
  })
  if (errors.length > 0) throw new AppError('STF153', undefined, errors.slice(0, 100))
  return rows
}

/**
 * POST …/stock/import: sets on_hand of each row in ONE transaction; any bad row (unknown sku or
 * warehouse, below held) rolls everything back and every such row is reported by line (400 STF153).
 */
export async function importStock(
  db: Db,
  views: StockViews,
  body: StockImportBody,
  actor: AuditActor,
): Promise<{ rows: number; changed: number }> {
  const rows = readImportCsv(body.csv)
  const known = new Set(
    (await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.active, true))).map(
      (w) => w.id,
    ),
  )
  const skus = [...new Set(rows.map((row) => row.sku))]
  const existing = new Set<string>()
  for (let i = 0; i < skus.length; i += 500) {
    const found = await db
      .select({ sku: sellableStock.skuProduct })
      .from(sellableStock)
      .where(inArray(sellableStock.skuProduct, skus.slice(i, i + 500)))
    for (const row of found) existing.add(row.sku)
  }
  const errors: { field: string; message: string }[] = []
  for (const row of rows) {
    if (!existing.has(row.sku))
      errors.push({ field: `line ${row.line}`, message: `sku: ${row.sku} does not exist` })
    else if (!known.has(row.idWarehouse))
      errors.push({ field: `line ${row.line}`, message: `warehouse: ${row.idWarehouse} does not exist` })
  }
  if (errors.length > 0) throw new AppError('STF153', undefined, errors.slice(0, 100))
  // Locks in (sku, warehouse) order, as everything else takes them, so two imports never deadlock.
  const ordered = [...rows].sort((a, b) =>
    a.sku === b.sku ? a.idWarehouse - b.idWarehouse : a.sku < b.sku ? -1 : 1,
  )
  let changed = 0
  const below: { field: string; message: string }[] = []
  await db.transaction(async (tx) => {
    const moves: Record<string, { from: number; to: number }> = {}
    for (const row of ordered) {
      try {
        const moved = await tx.transaction(async (savepoint) =>
          applyChange(
            savepoint,
            {
              sku: row.sku,
              idWarehouse: row.idWarehouse,
              set: row.onHand,
              reason: body.reason,
              note: body.note || null,
              source: 'import',
            },
            actor,
            views.held,
          ),
        )
        if (moved.delta !== 0) {
          changed++
          if (Object.keys(moves).length < 200)
            moves[`${row.sku}@${row.idWarehouse}`] = { from: moved.before, to: moved.onHand }
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'STF152') throw error
        const level = await stockLevel(tx, views, row.sku, row.idWarehouse)
        below.push({
          field: `line ${row.line}`,
          message: `on_hand: ${row.onHand} is below the ${level.held} units open orders hold`,
        })
      }
    }
    if (below.length > 0) throw new AppError('STF153', undefined, below.slice(0, 100))
    if (changed > 0) {
      await recordAudit(tx, actor, {
        action: 'stock.import',
        targetType: 'stock',
        targetId: `import:${rows.length}`,
        changes: { rows: rows.length, changed, reason: body.reason, on_hand: moves },
      })
      await notifyChanged(tx, 'catalog')
    }
  })
  return { rows: rows.length, changed }
}

/** The adjustment history, newest first. */
export async function listAdjustments(
  db: Db,
  query: StockAdjustmentQuery,
): Promise<{ entries: StockAdjustment[]; totalPages: number }> {
  const filters: SQL[] = []
  if (query.sku_product) filters.push(eq(stockAdjustments.skuProduct, query.sku_product))
  if (query.id_warehouse !== undefined) filters.push(eq(stockAdjustments.idWarehouse, query.id_warehouse))
  const where = filters.length > 0 ? and(...filters) : undefined
  const [total] = await db.select({ n: count() }).from(stockAdjustments).where(where)
  const rows = await db
    .select({ row: stockAdjustments, email: staffEmailOf(stockAdjustments.staffId) })
    .from(stockAdjustments)
    .where(where)
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    totalPages: Math.ceil((total?.n ?? 0) / query.per_page),
    entries: rows.map(({ row, email }) => ({
      id: row.id,
      at: shopIsoString(row.at)!,
      sku_product: row.skuProduct,
      id_warehouse: row.idWarehouse,
      delta: row.delta,
      on_hand_after: row.onHandAfter,
      reason: row.reason,
      note: row.note,
      source: row.source as StockAdjustment['source'],
      staff_id: row.staffId,
      staff_email: email,
    })),
  }
}

/**
 * Shipping lowers on_hand by the order's units (`order.units`, per sku in sku order) in its
 * warehouse (held drops by the same as the order leaves Paid, so available and the sellable stock
 * stay). Called inside the ship's transaction, before the move, by orders, which locks the order's
 * row first and calls it only while the order is still Paid. `held`: what orders hold, counted when
 * a level row is written (as the order still holds its units then).
 */
export async function shipStock(
  tx: Transaction,
  order: { idWarehouse: number; units: readonly SkuUnits[] },
  held: HeldByOrders,
): Promise<void> {
  for (const { sku, units: n } of order.units) {
    const onHand = await lockLevel(tx, sku, order.idWarehouse, held)
    if (onHand === null) continue // the variant is gone from the catalogue: nothing to count
    await tx
      .update(stockLevels)
      .set({ onHand: sql`greatest(${stockLevels.onHand} - ${n}, 0)`, updatedAt: new Date() })
      .where(and(eq(stockLevels.skuProduct, sku), eq(stockLevels.idWarehouse, order.idWarehouse)))
  }
}

/**
 * The seed's stock: each variant's sellable stock (`stock`, one row per variant the seed made), and
 * warehouse 1's on_hand as that stock plus what open orders hold (`orders`, orders' `heldByOrders`;
 * the migration did the same for an existing shop). Inside the seed's transaction.
 */
export async function seedStockLevels(
  tx: Db | Transaction,
  stock: readonly { sku: string; stock: number }[],
  orders: HeldByOrders,
): Promise<void> {
  for (let i = 0; i < stock.length; i += 1000) {
    const chunk = stock.slice(i, i + 1000)
    await tx
      .insert(sellableStock)
      .values(chunk.map((row) => ({ skuProduct: row.sku, stock: row.stock })))
      .onConflictDoUpdate({ target: sellableStock.skuProduct, set: { stock: sql`excluded.stock` } })
  }
  // A reserve warehouse beside the shipping one (migration 0016 made warehouse 1).
  await tx.execute(sql`
    insert into warehouses (id, name, city) values (2, 'Gudang Cadangan Bandung', 'Bandung')
    on conflict (id) do nothing`)
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('warehouses', 'id'), (select max(id) from warehouses))`,
  )
  await tx.execute(sql`
    insert into stock_levels (sku_product, id_warehouse, on_hand)
    select ss.sku_product, ${CHECKOUT_WAREHOUSE_ID}, ss.stock + coalesce(h.units, 0)
    from sellable_stock ss left join (${heldUnits(orders)}) h on h.sku = ss.sku_product and h.wh = ${CHECKOUT_WAREHOUSE_ID}
    on conflict (sku_product, id_warehouse) do update set on_hand = excluded.on_hand, updated_at = now()`)
}

/**
 * On hand of these skus in every active warehouse, keyed `sku@warehouse` (a sku of the sellable
 * warehouse without its row counts stock + held, as the grid does): the catalog's CSV export and
 * import read it (issue 43 part 7), `orders` being orders' `heldByOrders`.
 */
export async function onHandLevels(
  db: Db | Transaction,
  orders: HeldByOrders,
  skus: readonly string[],
): Promise<Map<string, number>> {
  const levels = new Map<string, number>()
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000)
    const rows = rowsOf<{ sku: string; wh: number; on_hand: number }>(
      await db.execute(sql`
        with held as (${heldUnits(orders)})
        select ss.sku_product as sku, w.id as wh,
          coalesce(sl.on_hand, case when w.id = ${CHECKOUT_WAREHOUSE_ID} then ss.stock + coalesce(h.units, 0) else 0 end)::int as on_hand
        from sellable_stock ss
        cross join warehouses w
        left join stock_levels sl on sl.sku_product = ss.sku_product and sl.id_warehouse = w.id
        left join held h on h.sku = ss.sku_product and h.wh = w.id
        where w.active and ss.sku_product in (${sql.join(
          chunk.map((sku) => sql`${sku}`),
          sql`, `,
        )})`),
    )
    for (const row of rows) levels.set(`${row.sku}@${row.wh}`, Number(row.on_hand))
  }
  return levels
}

/** One count of an import: set `sku`'s on hand in `idWarehouse` to `set` (`ref` comes back on a refusal). */
export interface OnHandCount<Ref> {
  sku: string
  idWarehouse: number
  set: number
  ref: Ref
}

/**
 * Sets on hand of many (sku, warehouse) inside `tx` at once (the catalog's CSV import, issue 43 part
 * 7): the same rules as `applyChange` (never below what open orders hold, the sellable stock moved
 * by the same delta with `stock + delta >= 0`, a size back from 0 announced, one adjustment row per
 * change with `source`), in a few statements per thousand counts instead of five per count. Locks
 * in (sku, warehouse) order. Answers the counts refused as below held (the caller rolls back), or
 * the number changed.
 */
export async function setOnHandMany<Ref>(
  tx: Transaction,
  counts: readonly OnHandCount<Ref>[],
  change: { reason: StockAdjustReason; note: string | null; source: StockChange['source'] },
  actor: AuditActor,
  orders: HeldByOrders,
): Promise<{ refused: OnHandCount<Ref>[]; changed: number }> {
  const sorted = [...counts].sort((a, b) =>
    a.sku === b.sku ? a.idWarehouse - b.idWarehouse : a.sku < b.sku ? -1 : 1,
  )
  const refused: OnHandCount<Ref>[] = []
  let changed = 0
  for (let i = 0; i < sorted.length; i += 1000) {
    const chunk = sorted.slice(i, i + 1000)
    const skus = [...new Set(chunk.map((c) => c.sku))]
    const skuList = sql.join(
      skus.map((sku) => sql`${sku}`),
      sql`, `,
    )
    const pairs = sql.join(
      chunk.map((c) => sql`(${c.sku}::varchar, ${c.idWarehouse}::int)`),
      sql`, `,
    )
    // The level rows first (as lockLevel writes them), then locked in order, with what is held.
    await tx.execute(sql`
      with held as (${heldUnits(orders)})
      insert into stock_levels (sku_product, id_warehouse, on_hand)
      select ss.sku_product, p.wh,
        case when p.wh = ${CHECKOUT_WAREHOUSE_ID} then ss.stock + coalesce(h.units, 0) else 0 end
      from (values ${pairs}) p(sku, wh)
      join sellable_stock ss on ss.sku_product = p.sku
      left join held h on h.sku = p.sku and h.wh = p.wh
      on conflict do nothing`)
    const levels = rowsOf<{ sku: string; wh: number; on_hand: number; held: number }>(
      await tx.execute(sql`
        with held as (${heldUnits(orders)}),
        locked as (
          select sl.sku_product, sl.id_warehouse, sl.on_hand from stock_levels sl
          where sl.sku_product in (${skuList})
          order by sl.sku_product, sl.id_warehouse
          for update
        )
        select l.sku_product as sku, l.id_warehouse as wh, l.on_hand, coalesce(h.units, 0)::int as held
        from locked l left join held h on h.sku = l.sku_product and h.wh = l.id_warehouse`),
    )
    const level = new Map(levels.map((l) => [`${l.sku}@${l.wh}`, l]))
    const moves: { count: OnHandCount<Ref>; delta: number; after: number }[] = []
    for (const count of chunk) {
      const found = level.get(`${count.sku}@${count.idWarehouse}`)
      if (!found) throw new AppError('STF151')
      if (count.set < Number(found.held)) {
        refused.push(count)
        continue
      }
      const delta = count.set - Number(found.on_hand)
      if (delta !== 0) moves.push({ count, delta, after: count.set })
    }
    if (refused.length > 0 || moves.length === 0) continue
    const sellable = moves.filter((m) => m.count.idWarehouse === CHECKOUT_WAREHOUSE_ID)
    if (sellable.length > 0) {
      const moved = rowsOf<{ sku: string; stock: number; delta: number }>(
        await tx.execute(sql`
          update sellable_stock s set stock = s.stock + v.delta
          from (values ${sql.join(
            sellable.map((m) => sql`(${m.count.sku}::varchar, ${m.delta}::int)`),
            sql`, `,
          )}) v(sku, delta)
          where s.sku_product = v.sku and s.stock + v.delta >= 0
          returning s.sku_product as sku, s.stock, v.delta`),
      )
      // A row not moved: open orders hold more than the count (taken meanwhile).
      const done = new Set(moved.map((m) => m.sku))
      for (const m of sellable) if (!done.has(m.count.sku)) refused.push(m.count)
      if (refused.length > 0) continue
      const back = moved.filter((m) => cameBack(Number(m.stock), Number(m.delta))).map((m) => m.sku)
      if (back.length > 0) await announceAvailable(tx, back)
    }
    await tx.execute(sql`
      update stock_levels l set on_hand = v.on_hand, updated_at = now()
      from (values ${sql.join(
        moves.map((m) => sql`(${m.count.sku}::varchar, ${m.count.idWarehouse}::int, ${m.after}::int)`),
        sql`, `,
      )}) v(sku, wh, on_hand)
      where l.sku_product = v.sku and l.id_warehouse = v.wh`)
    await tx.insert(stockAdjustments).values(
      moves.map((m) => ({
        skuProduct: m.count.sku,
        idWarehouse: m.count.idWarehouse,
        delta: m.delta,
        onHandAfter: m.after,
        reason: change.reason,
        note: change.note,
        source: change.source,
        staffId: actor.staffId,
      })),
    )
    changed += moves.length
  }
  return { refused, changed }
}
