import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_ROLES, type AdminProductAlerts } from '@busana/contract/schemas'
import { memberAlerts } from '../../db/schema/index.ts'
import { createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { oneSizeProducts } from '../inventory/inventory.fixtures.ts'

/**
 * The back office's count of waiting alerts per product (issue 42) through HTTP with staff tokens:
 * every size with its waiting BACK_IN_STOCK alerts, the PRICE_DROP ones, spent alerts left out,
 * the roles, and the refusals.
 */

let o: Ops
const db = () => o.db()
const oneSize = oneSizeProducts(() => o.db(), 'ADA')

beforeAll(async () => {
  o = await opsWorld()
})
afterAll(async () => {
  await o?.t.close()
})

/** A new member's alert on `code` (a size for BACK_IN_STOCK), spent when told. */
async function alertOn(code: string, sku: string | null, options: { spent?: boolean } = {}) {
  const member = await createSignedInMember(db())
  await db()
    .insert(memberAlerts)
    .values({
      idPelanggan: member.idPelanggan,
      kind: sku ? 'BACK_IN_STOCK' : 'PRICE_DROP',
      productCode: code,
      skuProduct: sku,
      language: 'id',
      priceThen: sku ? null : 350_000,
      ...(options.spent ? { spentAt: new Date(), priceNow: sku ? null : 300_000 } : {}),
    })
}

const read = (code: string, token: string | null = o.tokens.merchandiser) =>
  o.call('GET', `/products/${encodeURIComponent(code)}/alerts`, { token })

async function counts(code: string, token?: string): Promise<AdminProductAlerts> {
  const res = await read(code, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describe('GET /api/admin/v1/products/{code}/alerts', () => {
  let kebaya: string

  beforeAll(async () => {
    kebaya = (
      await createProduct(db(), {
        idBrand: 9,
        productCode: 'ADA-KBY',
        sellingPrice: 350_000,
        sizes: [
          { ukuran: 'S', stock: 2 },
          { ukuran: 'M', stock: 0 },
          { ukuran: 'L', stock: 0 },
        ],
      })
    ).productCode
    for (let i = 0; i < 3; i++) await alertOn(kebaya, `${kebaya}-M`)
    await alertOn(kebaya, `${kebaya}-L`)
    await alertOn(kebaya, null)
    await alertOn(kebaya, null)
    // Spent by their message: no longer waiting, not counted.
    await alertOn(kebaya, `${kebaya}-M`, { spent: true })
    await alertOn(kebaya, `${kebaya}-S`, { spent: true })
    await alertOn(kebaya, null, { spent: true })
    // Another product's alerts are its own.
    const other = await oneSize(0)
    await alertOn(other.code, other.sku)
    await alertOn(other.code, null)
  })

  it('lists every size in size order with its waiting BACK_IN_STOCK alerts, and the waiting PRICE_DROP ones', async () => {
    expect(await counts(kebaya)).toEqual({
      product_code: 'ADA-KBY',
      sizes: [
        { sku_product: 'ADA-KBY-S', ukuran: 'S', waiting: 0 },
        { sku_product: 'ADA-KBY-M', ukuran: 'M', waiting: 3 },
        { sku_product: 'ADA-KBY-L', ukuran: 'L', waiting: 1 },
      ],
      price_drop_waiting: 2,
    })
  })

  it('reads the code in any case and answers privately', async () => {
    const res = await read('ada-kby')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.product_code).toBe('ADA-KBY')
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('answers zeros for a product nobody waits for', async () => {
    const quiet = await oneSize(4)
    expect(await counts(quiet.code)).toEqual({
      product_code: quiet.code,
      sizes: [{ sku_product: quiet.sku, ukuran: 'M', waiting: 0 }],
      price_drop_waiting: 0,
    })
  })

  it('may be read by the owner, merchandiser, warehouse and marketing; support is refused (403 STF003)', async () => {
    for (const role of STAFF_ROLES) {
      const res = await read(kebaya, o.tokens[role])
      if (role === 'support') {
        expect(res.statusCode, res.body).toBe(403)
        expect(res.json().code).toBe('STF003')
      } else {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(200)
        expect(res.json().data.sizes[1].waiting).toBe(3)
      }
    }
  })

  it('refuses a call without a staff session (401 STF002), and a member token is none', async () => {
    const none = await read(kebaya, null)
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ code: 'STF002', data: null })
    const member = await createSignedInMember(db())
    const asMember = await read(kebaya, member.token)
    expect(asMember.statusCode).toBe(401)
    expect(asMember.json().code).toBe('STF002')
  })

  it('answers 404 CAT001 for an unknown product and for a draft', async () => {
    const unknown = await read('NOPE-404')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'CAT001', data: null })
    const draft = await createProduct(db(), { idBrand: 9, productCode: 'ADA-DRAFT', publishedAt: null })
    const res = await read(draft.productCode)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('CAT001')
  })

  it('refuses a malformed code (400) before reading anything', async () => {
    const res = await read('not a code!')
    expect(res.statusCode).toBe(400)
  })
})
