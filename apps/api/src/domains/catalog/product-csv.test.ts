import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { createCategory, createProduct } from '../../test/factories.ts'
import {
  domainEvents,
  productMedia,
  products,
  sellableStock,
  staffAuditLog,
  stockAdjustments,
  stockLevels,
  variants,
} from '../../db/schema/index.ts'
import { productFieldWorld, type ProductFieldWorld } from './admin.fixtures.ts'

/**
 * Bulk upload (issue 43 part 7) through HTTP: the export (BOM, header, one row per size, stock per
 * warehouse), the import's dry run and real run (multipart), errors by line and column in both
 * languages with nothing changed, stock through inventory, the audit row, and the roles.
 */

let w: ProductFieldWorld
let merchandiser: string
let support: string
let addresses = 0

beforeAll(async () => {
  w = await productFieldWorld(59)
  merchandiser = await w.staffMember('merchandiser')
  support = await w.staffMember('support')
  // A reserve warehouse beside the one checkout sells from (migration 0016 made warehouse 1).
  await w.db().execute(sql`insert into warehouses (id, name, city) values (2, 'Gudang Bandung', 'Bandung')
    on conflict (id) do nothing`)
  await w.db().execute(sql`select setval(pg_get_serial_sequence('warehouses', 'id'), 2)`)
  const category = await createCategory(w.db(), { idBrand: 9, name: 'kemeja' })
  await createProduct(w.db(), {
    productCode: 'CSV-1',
    idBrand: 9,
    productName: 'Kemeja Linen',
    colourFamily: 'blue',
    publishedAt: new Date(),
    sizes: [
      { ukuran: 'S', stock: 4, sellingPrice: 150_000 },
      { ukuran: 'M', stock: 6, sellingPrice: 150_000 },
    ],
  })
  await w
    .db()
    .execute(sql`insert into product_categories (category_id, product_code) values (${category.id}, 'CSV-1')`)
  await createProduct(w.db(), {
    productCode: 'CSV-2',
    idBrand: 9,
    productName: '=Celana, "Chino"',
    sizes: [{ ukuran: '30', stock: 0, sellingPrice: 200_000 }],
  })
}, 60_000)

afterAll(async () => {
  await w.t.close()
})

function multipart(csv: string | Buffer, fields: Record<string, string> = {}) {
  const boundary = `----busana${Math.random().toString(16).slice(2)}`
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([...parts, head, typeof csv === 'string' ? Buffer.from(csv) : csv, tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  }
}

const headersOf = (token: string, extra: Record<string, string> = {}) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
})

const exportCsv = (token: string, query = '') =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/admin/v1/products/export.csv${query}`,
    remoteAddress: `10.59.200.${++addresses % 250}`,
    headers: headersOf(token),
  })

function importCsv(
  token: string,
  csv: string | Buffer,
  o: { dryRun?: boolean; language?: string; fields?: Record<string, string> } = {},
) {
  const form = multipart(csv, o.fields)
  return w.t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/products/import.csv${o.dryRun === undefined ? '' : `?dry_run=${o.dryRun}`}`,
    remoteAddress: `10.59.201.${++addresses % 250}`,
    headers: headersOf(token, {
      'content-type': form.type,
      ...(o.language ? { 'accept-language': o.language } : {}),
    }),
    payload: form.payload,
  })
}

const HEADER =
  'product_code,id_brand,brand,product_name,product_name_alt,colour_family,categories,harga_coret,picture_urls,sku_product,ukuran,selling_price,weight_grams,stock:Gudang Jakarta,stock:Gudang Bandung'

/** A snapshot of what an import may change, to prove that nothing did. */
async function snapshot() {
  const db = w.db()
  return JSON.stringify([
    await db.select().from(products).orderBy(products.productCode),
    await db.select().from(variants).orderBy(variants.skuProduct),
    await db.select().from(sellableStock).orderBy(sellableStock.skuProduct),
    await db.select().from(stockLevels).orderBy(stockLevels.skuProduct, stockLevels.idWarehouse),
    await db.select().from(productMedia).orderBy(productMedia.id),
    (await db.select().from(stockAdjustments)).length,
  ])
}

describe('product CSV export', () => {
  it('answers a BOM, the header, one row per size and the stock of each warehouse', async () => {
    const res = await exportCsv(w.owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(HEADER)
    expect(lines).toHaveLength(4)
    expect(lines[1]).toBe(
      'CSV-1,9,Busana,Kemeja Linen,,blue,kemeja,0,/img/csv-1-1.jpg,CSV-1-S,S,150000,300,4,0',
    )
    expect(lines[2]).toContain('CSV-1-M,M,150000,300,6,0')
    // A formula-looking name is guarded for Excel; a comma and quotes are quoted.
    expect(lines[3]).toContain(`CSV-2,9,Busana,"'=Celana, ""Chino"""`)
  })

  it('writes semicolons on request and follows the list’s filters', async () => {
    const res = await exportCsv(w.owner, '?delimiter=semicolon&q=csv-2')
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(HEADER.replaceAll(',', ';'))
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^CSV-2;9;Busana;/)
  })

  it('is the catalogue roles’ only: 401 without a session, 403 for support', async () => {
    expect((await exportCsv('')).statusCode).toBe(401)
    expect((await exportCsv(support)).statusCode).toBe(403)
    expect((await importCsv('', `${HEADER}\n`)).statusCode).toBe(401)
    expect((await importCsv(support, `${HEADER}\n`)).statusCode).toBe(403)
  })
})

describe('product CSV import', () => {
  it('finds no change in its own export (comma and semicolon)', async () => {
    for (const query of ['', '?delimiter=semicolon']) {
      const exported = await exportCsv(w.owner, query)
      const before = await snapshot()
      const res = await importCsv(w.owner, exported.rawPayload, { dryRun: true })
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json().data
      expect(data.dry_run).toBe(true)
      expect(data.changes).toEqual([])
      expect(data.summary).toMatchObject({ rows: 3, unchanged_lines: 3, stock_changes: 0 })
      expect(await snapshot()).toBe(before)
    }
  })

  const plan = [
    HEADER,
    // An existing product: a new name, a new size, stock counted in both warehouses.
    'CSV-1,9,Busana,Kemeja Linen Biru,,blue,kemeja,0,/img/csv-1-1.jpg,CSV-1-S,S,150000,300,10,2',
    'CSV-1,9,Busana,Kemeja Linen Biru,,blue,kemeja,0,/img/csv-1-1.jpg,CSV-1-L,L,175000,320,3,',
    // A new product, with a picture already uploaded under /media/.
    'NEW-1,9,,Blus Katun,Cotton blouse,white,,250000,/media/v1/u/abc.webp,NEW-1-S,S,199000,250,5,1',
    'NEW-1,9,,Blus Katun,Cotton blouse,white,,250000,/media/v1/u/abc.webp,NEW-1-M,M,199000,250,,',
  ].join('\r\n')

  it('shows in a dry run what would change, line by line, and changes nothing', async () => {
    const before = await snapshot()
    const res = await importCsv(w.owner, `\uFEFF${plan}\r\n`, { dryRun: true })
    expect(res.statusCode, res.body).toBe(200)
    const { summary, changes } = res.json().data
    expect(summary).toEqual({
      rows: 4,
      products_created: 1,
      products_updated: 1,
      sizes_added: 3,
      sizes_updated: 0,
      pictures_added: 1,
      stock_changes: 5,
      unchanged_lines: 0,
    })
    expect(changes).toContainEqual(
      expect.objectContaining({
        line: 2,
        kind: 'update_product',
        fields: { product_name: { from: 'Kemeja Linen', to: 'Kemeja Linen Biru' } },
      }),
    )
    expect(changes).toContainEqual(
      expect.objectContaining({ line: 2, kind: 'stock', id_warehouse: 1, from: 4, to: 10, delta: 6 }),
    )
    expect(changes).toContainEqual(
      expect.objectContaining({ line: 3, kind: 'add_size', sku_product: 'CSV-1-L' }),
    )
    expect(changes).toContainEqual(
      expect.objectContaining({ line: 4, kind: 'create_product', product_code: 'NEW-1' }),
    )
    expect(await snapshot()).toBe(before)
  })

  it('names every error by line and column, in the request’s language, and changes nothing', async () => {
    const bad = [
      `${HEADER},colour`,
      'CSV-1,9,Busana,,,mauve,nope,0,https://evil.example/x.jpg,CSV-1-S,S,abc,0,-1,',
    ].join('\n')
    const before = await snapshot()
    const header = await importCsv(w.owner, bad)
    expect(header.statusCode).toBe(422)
    expect(header.json()).toMatchObject({
      code: 'STF116',
      errors: [{ field: 'line 1: colour', message: expect.stringContaining('Unknown column') }],
    })

    const rows = bad.replace(/,colour$/m, '')
    const en = await importCsv(w.owner, rows)
    expect(en.statusCode, en.body).toBe(422)
    const fields = en.json().errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['line 2: product_name', 'line 2: colour_family']))
    const id = await importCsv(w.owner, rows, { language: 'id' })
    expect(id.statusCode).toBe(422)
    expect(id.json().message).toBe('Berkas ini berisi kesalahan: tidak ada yang diubah')
    expect(id.json().errors).toContainEqual({ field: 'line 2: product_name', message: 'wajib diisi' })

    // The product's own values right: the size's and the picture's errors show.
    const sizes = [
      HEADER,
      'CSV-1,9,Busana,Kemeja Linen,,blue,kemeja,0,https://evil.example/x.jpg,CSV-1-S,S,abc,0,-1,',
    ].join('\n')
    const res = await importCsv(w.owner, sizes, { dryRun: false })
    expect(res.statusCode).toBe(422)
    const errors = res.json().errors as { field: string; message: string }[]
    expect(errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['line 2: picture_urls', 'line 2: selling_price', 'line 2: weight_grams']),
    )
    expect(errors.find((e) => e.field === 'line 2: picture_urls')!.message).toContain('/media/')
    expect(await snapshot()).toBe(before)
  })

  it('refuses a file over 5 MB (413) and a file that is not UTF-8', async () => {
    const big = await importCsv(w.owner, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'))
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('STF117')
    const latin1 = await importCsv(
      w.owner,
      Buffer.from(`${HEADER}\nCSV-1,9,Busana,Kemeja \xe9,,,,,,CSV-1-S,S,1,1,,\n`, 'latin1'),
    )
    expect(latin1.statusCode).toBe(422)
    expect(latin1.json().errors[0].field).toBe('line 2')
  })

  it('lets a merchandiser change products but not stock', async () => {
    const res = await importCsv(merchandiser, plan, { dryRun: true })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'line 2: stock:Gudang Jakarta' }),
    )
  })

  it('applies a good file in one transaction: drafts, sizes, prices, stock through inventory, audited', async () => {
    const res = await importCsv(w.owner, plan, { fields: { dry_run: 'false' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.dry_run).toBe(false)
    const db = w.db()
    const created = await w.storedProduct('NEW-1')
    expect(created).toMatchObject({
      publishedAt: null,
      productName: 'Blus Katun',
      productNameAlt: 'Cotton blouse',
      colourFamily: 'white',
      hargaCoret: '250000',
      sellingPrice: 199_000,
    })
    expect((await w.storedProduct('CSV-1')).productName).toBe('Kemeja Linen Biru')
    expect(await db.select().from(variants).where(eq(variants.productCode, 'CSV-1'))).toHaveLength(3)
    const product = await w.call('GET', '/products/CSV-1', w.owner)
    expect(product.json().data).toMatchObject({ start_price: 150_000, end_price: 175_000 })
    const media = await db.select().from(productMedia).where(eq(productMedia.productCode, 'NEW-1'))
    expect(media.map((m) => m.url)).toEqual(['/media/v1/u/abc.webp'])
    // Stock moved by the difference, as import adjustments.
    const moved = await db.select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, 'CSV-1-S'))
    expect(moved.map((m) => [m.idWarehouse, m.delta, m.source]).sort()).toEqual([
      [1, 6, 'import'],
      [2, 2, 'import'],
    ])
    const [sellable] = await db.select().from(sellableStock).where(eq(sellableStock.skuProduct, 'CSV-1-S'))
    expect(sellable!.stock).toBe(10)
    const [level] = await db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.skuProduct, 'NEW-1-S'), eq(stockLevels.idWarehouse, 2)))
    expect(level!.onHand).toBe(1)
    const audit = await db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'product.import'))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.changes).toMatchObject({ products_created: 1, sizes_added: 3, stock_changes: 5 })
    // CSV-1 is published: a lower price tells the members waiting for a drop (as a form's change would).
    const cheaper = plan.replace('CSV-1-S,S,150000', 'CSV-1-S,S,120000')
    expect((await importCsv(w.owner, cheaper)).statusCode).toBe(200)
    const drops = await db.select().from(domainEvents).where(eq(domainEvents.topic, 'catalog.price_dropped'))
    expect(drops.map((e) => e.payload)).toContainEqual({ product_code: 'CSV-1', price: 120_000 })
    expect((await w.storedProduct('CSV-1')).sellingPrice).toBe(120_000)
    // Again: nothing to do.
    const again = await importCsv(w.owner, cheaper, { dryRun: true })
    expect(again.json().data.changes).toEqual([])
  })

  it('names a stock cell that is not a count by line and column', async () => {
    const res = await importCsv(w.owner, `${HEADER}\nCSV-2,9,Busana,x,,,,,,CSV-2-30,30,200000,300,-3,\n`)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'line 2: stock:Gudang Jakarta' }),
    )
  })
})

describe('product CSV import and held stock', () => {
  it('refuses a count below what is held, by line and column, and takes one above it', async () => {
    // Two units of CSV-2-30 held (an exchange's hold): on hand 2, sellable 0.
    await w.db().execute(sql`insert into stock_holds (hold_key, sku_product, id_warehouse, units)
      values ('test:csv', 'CSV-2-30', 1, 2)`)
    await w.db()
      .execute(sql`insert into stock_levels (sku_product, id_warehouse, on_hand) values ('CSV-2-30', 1, 2)
      on conflict (sku_product, id_warehouse) do update set on_hand = 2`)
    const row = (count: number) =>
      `${HEADER}\nCSV-2,9,Busana,"'=Celana, ""Chino""",,,,0,/img/csv-2-1.jpg,CSV-2-30,30,200000,300,${count},\n`
    const before = await snapshot()
    const below = await importCsv(w.owner, row(1), { dryRun: true })
    expect(below.statusCode, below.body).toBe(422)
    expect(below.json().errors).toEqual([
      { field: 'line 2: stock:Gudang Jakarta', message: '1 is below the units open orders hold' },
    ])
    expect(await snapshot()).toBe(before)
    const above = await importCsv(w.owner, row(5))
    expect(above.statusCode, above.body).toBe(200)
    const [sellable] = await w
      .db()
      .select()
      .from(sellableStock)
      .where(eq(sellableStock.skuProduct, 'CSV-2-30'))
    expect(sellable!.stock).toBe(3)
  })
})
