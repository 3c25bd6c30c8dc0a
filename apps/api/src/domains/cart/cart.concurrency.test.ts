import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { CartLine } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addBundleOptions, createBrand, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { cartLines } from '../../db/schema/index.ts'

/**
 * Parallel changes of one bag. On PostgreSQL (TEST_DATABASE_URL, as CI runs it) the requests run
 * on a pool of connections at once and only the bag lock keeps them apart; on PGlite they queue
 * on its one connection.
 */

let t: TestApp
const db = () => t.database.db
const PARALLEL = 30

const post = (path: string, token: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `${path}?token=${token}`,
    headers: { 'x-brand-id': '9' },
    payload: body,
  })

async function linesOf(idPelanggan: number) {
  return db().select().from(cartLines).where(eq(cartLines.idPelanggan, idPelanggan))
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9 })
})

afterAll(async () => {
  await t?.close()
})

describe('parallel changes of one bag', () => {
  it(`${PARALLEL} parallel adds of one sku make one line, counting every success, never above stock`, async () => {
    const m = await createSignedInMember(db())
    const p = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 20 }] })
    const sku = `${p.productCode}-M`
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        post('/api/v1/cart/add', m.token, { product_code: p.productCode, sku_product: sku, qty: 1 }),
      ),
    )
    const ok = answers.filter((r) => r.statusCode === 200).length
    const refused = answers.filter((r) => r.statusCode === 422)
    expect(ok + refused.length, answers.map((r) => r.body).join('\n')).toBe(PARALLEL)
    expect(ok).toBe(20)
    for (const r of refused) expect(r.json().code).toBe('CRT002')
    const rows = await linesOf(m.idPelanggan)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.qty).toBe(20)
  })

  it('parallel adds of several skus from several sessions make one line per sku with every add counted', async () => {
    const m = await createSignedInMember(db())
    const products = await Promise.all(
      Array.from({ length: 5 }, () =>
        createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 50 }] }),
      ),
    )
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const p = products[i % products.length]!
        return post('/api/v1/cart/add', m.token, {
          product_code: p.productCode,
          sku_product: `${p.productCode}-M`,
          qty: 1,
        })
      }),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200))
    const rows = await linesOf(m.idPelanggan)
    expect(rows).toHaveLength(products.length)
    for (const row of rows) expect(row.qty).toBe(PARALLEL / products.length)
  })

  it('parallel updates and adds on one line end at a consistent quantity within stock', async () => {
    const m = await createSignedInMember(db())
    const p = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 12 }] })
    const sku = `${p.productCode}-M`
    const first = await post('/api/v1/cart/add', m.token, {
      product_code: p.productCode,
      sku_product: sku,
      qty: 1,
    })
    const idLine = (first.json().data as CartLine[])[0]!.id_line
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 3 === 0
          ? post('/api/v1/cart/add', m.token, { product_code: p.productCode, sku_product: sku, qty: 1 })
          : post('/api/v1/cart/update', m.token, { items: [{ id_line: idLine, qty: (i % 15) + 1 }] }),
      ),
    )
    for (const r of answers) {
      expect([200, 422], r.body).toContain(r.statusCode)
      if (r.statusCode === 422) expect(r.json().code).toBe('CRT002')
    }
    const rows = await linesOf(m.idPelanggan)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.qty).toBeGreaterThanOrEqual(1)
    expect(rows[0]!.qty).toBeLessThanOrEqual(12)
    // Every answer showed a bag within stock.
    for (const r of answers.filter((a) => a.statusCode === 200)) {
      const line = (r.json().data as CartLine[])[0]!
      expect(Number(line.qty)).toBeLessThanOrEqual(12)
    }
  })

  it('parallel bundle and plain adds sharing a variant never oversell it', async () => {
    const m = await createSignedInMember(db())
    const tee = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 10 }] })
    const cap = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'ALL', stock: 100 }] })
    const bundle = await createProduct(db(), {
      idBrand: 9,
      isBundling: true,
      maxBundling: 2,
      sizes: [{ ukuran: 'SET', stock: 100 }],
    })
    await addBundleOptions(db(), bundle.productCode, 1, [tee.productCode])
    await addBundleOptions(db(), bundle.productCode, 2, [cap.productCode])
    const teeSku = `${tee.productCode}-M`
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? post('/api/v1/cart/add', m.token, { product_code: tee.productCode, sku_product: teeSku, qty: 1 })
          : post('/api/v1/cart/add', m.token, {
              product_code: bundle.productCode,
              sku_product: [
                { sku_product: teeSku, qty: 1 },
                { sku_product: `${cap.productCode}-ALL`, qty: 1 },
              ],
              qty: 1,
            }),
      ),
    )
    const ok = answers.filter((r) => r.statusCode === 200).length
    expect(ok).toBe(10)
    const rows = await linesOf(m.idPelanggan)
    expect(rows.length).toBeLessThanOrEqual(2)
    expect(rows.reduce((sum, row) => sum + row.qty, 0)).toBe(10)
  })
})
