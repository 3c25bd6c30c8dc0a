import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CART_MESSAGES,
  ERROR_MESSAGES_ID,
  errors,
  MEMBER_MESSAGES,
  WISHLIST_MESSAGES,
} from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { createBrand, createProduct } from '../test/factories.ts'
import { createSignedInMember } from '../test/member-factories.ts'

/**
 * Messages follow the request's Accept-Language: the same call answers its success message and its
 * error envelope's message in Indonesian for 'id' and in English for 'en', for a language the API
 * does not speak and for none at all (decision 027).
 */
let t: TestApp
const db = () => t.database.db

const withLanguage = (language: string | undefined): Record<string, string> =>
  language === undefined ? { 'x-brand-id': '9' } : { 'x-brand-id': '9', 'accept-language': language }

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9, name: 'Prepps' })
})

afterAll(async () => {
  await t?.close()
})

describe('success messages', () => {
  it('adding to the bag answers in the language asked for, English otherwise', async () => {
    const { token } = await createSignedInMember(db())
    const product = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 50 }] })
    const add = (language: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/cart/add?token=${token}`,
        headers: withLanguage(language),
        payload: { product_code: product.productCode, sku_product: `${product.productCode}-M`, qty: 1 },
      })
    const cases: [string | undefined, string][] = [
      ['id', CART_MESSAGES.added.id],
      ['id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7', CART_MESSAGES.added.id],
      ['en', CART_MESSAGES.added.en],
      ['en-US,en;q=0.9,id;q=0.8', CART_MESSAGES.added.en],
      ['fr-FR,de;q=0.5', CART_MESSAGES.added.en],
      [undefined, CART_MESSAGES.added.en],
    ]
    for (const [language, message] of cases) {
      const res = await add(language)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().message, String(language)).toBe(message)
    }
    expect(CART_MESSAGES.added.id).not.toBe(CART_MESSAGES.added.en)
  })

  it("the wishlist's fixed texts stay the product's in English and are Indonesian for 'id'", async () => {
    const { token } = await createSignedInMember(db())
    const product = await createProduct(db(), { idBrand: 9 })
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v2/member/wishlist?token=${token}`,
      headers: withLanguage('id'),
      payload: { product_code: product.productCode },
    })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().message).toBe(WISHLIST_MESSAGES.added.id)
    expect(WISHLIST_MESSAGES.added.id).not.toBe('Added to My Wishlist')
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/member/wishlist/${product.productCode}?token=${token}`,
      headers: withLanguage('en'),
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().message).toBe('Remove from My Wishlist')
  })

  it('logging out answers in Indonesian for in (the old code of Indonesian)', async () => {
    const { token } = await createSignedInMember(db())
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/logout?token=${token}`,
      headers: withLanguage('in'),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(MEMBER_MESSAGES.logout.id)
  })
})

describe('error messages', () => {
  const login = (language: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/member/login',
      headers: {
        ...withLanguage(language),
        authorization: `Basic ${Buffer.from('nobody@example.test:wrong-password').toString('base64')}`,
      },
    })

  it("a catalogue error (wrong login, CLE015) says the catalogue's Indonesian for 'id'", async () => {
    const id = await login('id')
    expect(id.statusCode).toBe(401)
    expect(id.json()).toMatchObject({ code: 'CLE015', message: ERROR_MESSAGES_ID.CLE015 })
    const en = await login('en')
    expect(en.json()).toMatchObject({ code: 'CLE015', message: errors.CLE015.message })
    const other = await login('ja')
    expect(other.json().message).toBe(errors.CLE015.message)
    expect(ERROR_MESSAGES_ID.CLE015).not.toBe(errors.CLE015.message)
  })

  it('an error with its own message (an unknown sku, CRT004) says it in the language asked for', async () => {
    const { token } = await createSignedInMember(db())
    const product = await createProduct(db(), { idBrand: 9 })
    const add = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/cart/add?token=${token}`,
        headers: withLanguage(language),
        payload: { product_code: product.productCode, sku_product: 'NO-SUCH-SKU', qty: 1 },
      })
    const id = await add('id')
    expect(id.json()).toMatchObject({ code: 'CRT004' })
    const en = await add('en')
    expect(en.json()).toMatchObject({ code: 'CRT004', message: 'Product variant not found' })
    expect(id.json().message).toBe('Varian produk tidak ditemukan')
  })

  it('errors met outside the routes follow the language too (an unknown route, a malformed URL)', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere', headers: withLanguage('id') })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({
      code: 'REQ003',
      message: 'Rute GET /api/v1/nowhere tidak ditemukan',
    })
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/product/%E0%A4%A',
      headers: withLanguage('id'),
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'REQ007', message: ERROR_MESSAGES_ID.REQ007 })
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/v1/product/%E0%A4%A',
      headers: withLanguage('en'),
    })
    expect(english.json()).toMatchObject({ code: 'REQ007', message: errors.REQ007.message })
  })
})

describe('validation messages (REQ001)', () => {
  const send = (body: object, language: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/member/login_otp_send',
      headers: withLanguage(language),
      payload: body,
    })

  it('name what is allowed, in the language asked for; field names and values stay as the API spells them', async () => {
    const english = await send({ type: 'FAX', phone: '081234567890' }, 'en')
    expect(english.statusCode).toBe(400)
    expect(english.json()).toMatchObject({
      code: 'REQ001',
      message: "Invalid body field 'type': must be SMS or WHATSAPP",
      errors: [{ field: 'type', message: 'must be SMS or WHATSAPP' }],
    })
    const indonesian = await send({ type: 'FAX', phone: '081234567890' }, 'id-ID')
    expect(indonesian.json()).toMatchObject({
      code: 'REQ001',
      message: "Isian 'type' tidak valid: harus SMS atau WHATSAPP",
      errors: [{ field: 'type', message: 'harus SMS atau WHATSAPP' }],
    })
    const missing = await send({ type: 'SMS' }, 'id')
    expect(missing.json().message).toBe("Isian 'phone' tidak valid: wajib diisi")
  })

  it('refuse control characters in the language asked for', async () => {
    const indonesian = await send({ type: 'SMS', phone: '0812\u00003456789' }, 'id')
    expect(indonesian.statusCode).toBe(400)
    expect(indonesian.json().message).toBe("Isian 'phone' tidak valid: tidak boleh berisi karakter kontrol")
    const english = await send({ type: 'SMS', phone: '0812\u00003456789' }, undefined)
    expect(english.json().message).toBe("Invalid body field 'phone': must not contain control characters")
  })
})
