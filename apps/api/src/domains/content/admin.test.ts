import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { listenForChanges } from '../../cache-invalidation.ts'
import { articles, contentPages, customers, faqCategories, faqItems, stores } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import type { AdminStoreCreate } from '@busana/contract/schemas'
import { createStore, updateStore } from './content-admin.service.ts'
import {
  auditRows,
  cookieSession,
  signInEveryRole,
  staffCall,
  type Method,
  type Tokens,
} from '../staff/staff.test-utils.ts'

/**
 * The back office's content calls (issue 14) through HTTP: roles, validation, sanitised HTML, the
 * store map allow-list, audit rows, the change notice, and the shop's public reads afterwards.
 */

let t: TestApp
let tokens: Tokens
const db = () => t.database.db
const call = staffCall(() => t)
const pub = (url: string, lng = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': '9', 'accept-language': lng } })
const rowCount = async (table: typeof faqItems | typeof faqCategories | typeof stores | typeof articles) =>
  Number((await db().select({ n: count() }).from(table))[0]!.n)

const GOOGLE_EMBED =
  '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>'

beforeAll(async () => {
  t = await buildTestApp()
  tokens = await signInEveryRole(t, 'content.test')
})

afterAll(async () => {
  await t?.close()
})

describe('who may call the content calls', () => {
  const reads: [Method, string][] = [
    ['GET', '/content/faq-categories'],
    ['GET', '/content/faq-items'],
    ['GET', '/content/articles'],
    ['GET', '/content/about'],
    ['GET', '/content/pages'],
    ['GET', '/content/stores'],
    ['GET', '/content/campaign'],
  ]

  it('answers owner and marketing; merchandiser, warehouse and support get 403 STF003', async () => {
    for (const [method, url] of reads) {
      for (const role of ['owner', 'marketing'] as const) {
        const res = await call(method, url, { token: tokens[role] })
        expect(res.statusCode, `${role} ${url}: ${res.body}`).toBe(200)
      }
      for (const role of ['merchandiser', 'warehouse', 'support'] as const) {
        const res = await call(method, url, { token: tokens[role] })
        expect(res.statusCode, `${role} ${url}`).toBe(403)
        expect(res.json().code).toBe('STF003')
      }
    }
  })

  it('refuses a change by support before anything is read or changed (403 STF003)', async () => {
    const before = await rowCount(faqCategories)
    const res = await call('POST', '/content/faq-categories', {
      token: tokens.support,
      body: { category_code: 'support-made', name_en: 'x', name_id: 'x' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('STF003')
    expect(await rowCount(faqCategories)).toBe(before)
  })

  it('needs a staff session: none is 401 STF002, and a member token is no staff session', async () => {
    const member = await createSignedInMember(db())
    for (const token of [undefined, member.token]) {
      const res = await call('GET', '/content/articles', { token })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('STF002')
    }
    // A member token in the query string is not read by staff calls either.
    const viaQuery = await call('GET', `/content/articles?token=${member.token}`)
    expect(viaQuery.json().code).toBe('STF002')
  })

  it('works with the back office cookie, which needs the CSRF token to change anything (403 STF006)', async () => {
    const { cookie, csrf } = await cookieSession(t, 'marketing@content.test', 'marketing-password-1')
    expect((await call('GET', '/content/faq-categories', { cookie })).statusCode).toBe(200)
    const body = { category_code: 'cookie-made', name_en: 'Cookie', name_id: 'Kuki' }
    const refused = await call('POST', '/content/faq-categories', { cookie, body })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF006')
    expect(
      await db().select().from(faqCategories).where(eq(faqCategories.categoryCode, 'cookie-made')),
    ).toEqual([])
    const made = await call('POST', '/content/faq-categories', { cookie, csrf, body })
    expect(made.statusCode, made.body).toBe(200)
  })
})

describe('FAQ', () => {
  it('creates a category and an answer with its HTML sanitised, audited, and served by the shop', async () => {
    const category = await call('POST', '/content/faq-categories', {
      token: tokens.marketing,
      body: {
        category_code: 'Returns-Help',
        name_en: 'Returns',
        name_id: 'Pengembalian',
        icon: '/media/faq/returns.svg',
      },
    })
    expect(category.statusCode, category.body).toBe(200)
    expect(category.json().data).toMatchObject({ category_code: 'returns-help', questions: 0 })

    const item = await call('POST', '/content/faq-items', {
      token: tokens.marketing,
      body: {
        slug: 'how-to-return',
        category_code: 'returns-help',
        name_en: 'How do I return an item?',
        name_id: 'Bagaimana cara mengembalikan barang?',
        konten_en:
          '<p>Within <b>14 days</b>.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
        konten_id: '<p onclick="steal()">Dalam 14 hari.</p>',
      },
    })
    expect(item.statusCode, item.body).toBe(200)
    const stored = item.json().data
    expect(stored.konten_en).toContain('<b>14 days</b>')
    for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:'])
      expect(stored.konten_en).not.toContain(bad)
    expect(stored.konten_id).toBe('<p>Dalam 14 hari.</p>')
    const [row] = await db().select().from(faqItems).where(eq(faqItems.slug, 'how-to-return'))
    expect(row!.kontenEn).toBe(stored.konten_en)

    const [audit] = await auditRows(t, 'content.create')
    expect(audit).toMatchObject({ targetType: 'faq_item', targetId: 'how-to-return' })

    const questions = await pub('/api/v1/pages/bantuan?category_code=returns-help', 'id')
    expect(questions.json().data).toEqual([
      { slug: 'how-to-return', name: 'Bagaimana cara mengembalikan barang?' },
    ])
    const answer = await pub('/api/v1/pages/bantuan/how-to-return')
    expect(answer.statusCode).toBe(200)
    expect(answer.json().data.konten).toBe(stored.konten_en)
    expect((await pub('/api/v1/pages/kategori_bantuan')).json().data).toContainEqual({
      category_code: 'returns-help',
      name: 'Returns',
      icon: '/media/faq/returns.svg',
    })
  })

  it('refuses a used slug (409 STF200), an unknown category (404 CNT001) and bad input (400), changing nothing', async () => {
    const before = await rowCount(faqItems)
    const base = { category_code: 'returns-help', name_en: 'Q', name_id: 'T', konten_en: '', konten_id: '' }
    const used = await call('POST', '/content/faq-items', {
      token: tokens.owner,
      body: { ...base, slug: 'how-to-return' },
    })
    expect(used.statusCode).toBe(409)
    expect(used.json().code).toBe('STF200')
    const unknown = await call('POST', '/content/faq-items', {
      token: tokens.owner,
      body: { ...base, slug: 'orphan', category_code: 'no-such-category' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CNT001')
    const badSlug = await call('POST', '/content/faq-items', {
      token: tokens.owner,
      body: { ...base, slug: 'Not a slug!' },
    })
    expect(badSlug.statusCode).toBe(400)
    expect(badSlug.body).toContain('slug')
    const noName = await call('POST', '/content/faq-items', {
      token: tokens.owner,
      body: { ...base, slug: 'no-name', name_en: '  ' },
    })
    expect(noName.statusCode).toBe(400)
    expect(noName.body).toContain('name_en')
    const emptyPatch = await call('PATCH', '/content/faq-items/how-to-return', {
      token: tokens.owner,
      body: {},
    })
    expect(emptyPatch.statusCode).toBe(400)
    const unknownField = await call('PATCH', '/content/faq-items/how-to-return', {
      token: tokens.owner,
      body: { konten: 'x' },
    })
    expect(unknownField.statusCode).toBe(400)
    expect(await rowCount(faqItems)).toBe(before)
  })

  it('edits an answer (sanitised again), keeps a category with questions (409 STF201), then deletes', async () => {
    const edited = await call('PATCH', '/content/faq-items/how-to-return', {
      token: tokens.marketing,
      body: { konten_en: '<p>Within 30 days.</p><iframe src="https://evil.example"></iframe>' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data.konten_en).toBe('<p>Within 30 days.</p>')
    expect((await pub('/api/v1/pages/bantuan/how-to-return')).json().data.konten).toBe(
      '<p>Within 30 days.</p>',
    )
    const [audit] = await auditRows(t, 'content.update')
    expect(audit).toMatchObject({ targetId: 'how-to-return', changes: { konten_en: { changed: true } } })

    const kept = await call('DELETE', '/content/faq-categories/returns-help', { token: tokens.marketing })
    expect(kept.statusCode).toBe(409)
    expect(kept.json().code).toBe('STF201')
    expect(
      (await call('DELETE', '/content/faq-items/how-to-return', { token: tokens.marketing })).statusCode,
    ).toBe(200)
    expect((await pub('/api/v1/pages/bantuan/how-to-return')).statusCode).toBe(404)
    const gone = await call('DELETE', '/content/faq-categories/returns-help', { token: tokens.marketing })
    expect(gone.statusCode, gone.body).toBe(200)
    expect((await pub('/api/v1/pages/bantuan?category_code=returns-help')).json().code).toBe('CNT001')
    expect(
      (await call('DELETE', '/content/faq-categories/returns-help', { token: tokens.marketing })).json().code,
    ).toBe('CNT001')
  })
})

describe('articles, the about page and content pages', () => {
  it('publishes, edits and deletes an article; the shop reads each step', async () => {
    const made = await call('POST', '/content/articles', {
      token: tokens.marketing,
      body: {
        slug: 'batik-care',
        icon: 'https://cdn.example/batik.jpg',
        judul_en: 'Caring for batik',
        judul_id: 'Merawat batik',
        konten_en: '<p>Hand wash.</p><svg onload="alert(1)"></svg>',
        konten_id: '<p>Cuci tangan.</p>',
        published_at: '2030-01-01T10:00:00+07:00',
      },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json().data).toMatchObject({
      konten_en: '<p>Hand wash.</p>',
      published_at: '2030-01-01T10:00:00+07:00',
    })
    // Newest first: a future date puts it on top.
    expect((await pub('/api/v1/pages/artikel')).json().data[0]).toMatchObject({
      slug: 'batik-care',
      judul: 'Caring for batik',
    })
    const edited = await call('PATCH', '/content/articles/batik-care', {
      token: tokens.owner,
      body: { judul_id: 'Cara merawat batik' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await pub('/api/v1/pages/artikel/batik-care', 'id')).json().data.judul).toBe('Cara merawat batik')
    const badDate = await call('PATCH', '/content/articles/batik-care', {
      token: tokens.owner,
      body: { published_at: 'tomorrow' },
    })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.body).toContain('published_at')
    expect(
      (await call('DELETE', '/content/articles/batik-care', { token: tokens.marketing })).statusCode,
    ).toBe(200)
    expect((await pub('/api/v1/pages/artikel/batik-care')).json().code).toBe('CNT003')
  })

  it('writes the about page, sanitised, read by GET /api/v1/pages/about', async () => {
    const res = await call('PUT', '/content/about', {
      token: tokens.marketing,
      body: {
        konten_en: '<h3>Our story</h3><p>Since 2014.</p><script>x()</script>',
        konten_id: '<p>Sejak 2014.</p>',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.konten_en).toBe('<h3>Our story</h3><p>Since 2014.</p>')
    expect((await pub('/api/v1/pages/about')).json().data.about).toBe('<h3>Our story</h3><p>Since 2014.</p>')
    expect((await pub('/api/v1/pages/about', 'id')).json().data.about).toBe('<p>Sejak 2014.</p>')
    const [audit] = await auditRows(t, 'content.update')
    expect(audit).toMatchObject({ targetType: 'content_page', targetId: 'about' })
  })

  it('adds and edits a content page; the about page cannot be deleted or made as a page (409 STF205)', async () => {
    const made = await call('POST', '/content/pages', {
      token: tokens.marketing,
      body: {
        id: 'size-guide',
        judul_en: 'Size guide',
        judul_id: 'Panduan ukuran',
        konten_en: '<p>S M L</p>',
        konten_id: '<p>S M L</p>',
      },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect((await pub('/api/v1/pages/page/size-guide')).json().data).toMatchObject({ judul: 'Size guide' })
    const pages = await call('GET', '/content/pages', { token: tokens.marketing })
    expect(pages.json().data.map((p: { id: string }) => p.id)).not.toContain('about')
    for (const res of [
      await call('DELETE', '/content/pages/about', { token: tokens.owner }),
      await call('POST', '/content/pages', {
        token: tokens.owner,
        body: { id: 'about', judul_en: 'x', judul_id: 'x', konten_en: '', konten_id: '' },
      }),
    ]) {
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('STF205')
    }
    expect(await db().select().from(contentPages).where(eq(contentPages.id, 'about'))).toHaveLength(1)
    expect((await call('DELETE', '/content/pages/size-guide', { token: tokens.owner })).statusCode).toBe(200)
    expect((await pub('/api/v1/pages/page/size-guide')).statusCode).toBe(404)
  })
})

describe('stores', () => {
  it('refuses a map that is not an allow-listed embed (422 STF202), creating nothing', async () => {
    const before = await rowCount(stores)
    for (const map_embed of [
      '<iframe src="https://evil.example/maps/embed?pb=1"></iframe>',
      'https://www.google.com/maps/place/Jakarta',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<script>alert(1)</script>',
    ]) {
      const res = await call('POST', '/content/stores', {
        token: tokens.marketing,
        body: { id_brand: 9, name: 'Bad map', address: 'Jl. Test 1', map_embed },
      })
      expect(res.statusCode, map_embed).toBe(422)
      expect(res.json().code).toBe('STF202')
    }
    const badBrand = await call('POST', '/content/stores', {
      token: tokens.marketing,
      body: { id_brand: 99, name: 'No brand', address: 'Jl. Test 1' },
    })
    expect(badBrand.statusCode).toBe(400)
    expect(badBrand.body).toContain('id_brand')
    expect(await rowCount(stores)).toBe(before)
  })

  it('refuses a brand missing from the brands table by its foreign key (422 STF204), creating nothing', async () => {
    // The contract admits only the shop's brand ids, so call the service with one the table lacks.
    const before = await rowCount(stores)
    const actor = { staffId: null, requestId: 'content.test', ip: '127.0.0.1' }
    const body = { id_brand: 4242, name: 'No brand', address: 'Jl. Test 1' } as AdminStoreCreate
    await expect(createStore(db(), body, actor)).rejects.toMatchObject({ code: 'STF204' })
    const [store] = await db().select({ id: stores.id }).from(stores).limit(1)
    await expect(updateStore(db(), store!.id, { id_brand: 4242 }, actor)).rejects.toMatchObject({
      code: 'STF204',
    })
    expect(await rowCount(stores)).toBe(before)
  })

  it('adds a store with a Google Maps embed, edits and deletes it; the store locator follows', async () => {
    const made = await call('POST', '/content/stores', {
      token: tokens.marketing,
      body: {
        id_brand: 9,
        name: 'Busana Zzyzx',
        address: 'Jl. Zzyzx No. 1',
        city: 'Jakarta',
        whatsapp: '+62 812-0000-0000',
        map_embed: GOOGLE_EMBED,
      },
    })
    expect(made.statusCode, made.body).toBe(200)
    const store = made.json().data
    expect(store).toMatchObject({
      map_embed: GOOGLE_EMBED,
      map_url: 'https://www.google.com/maps/embed?pb=!1m18!1m12',
    })
    const found = await pub('/api/v3/offline-store?keyword=zzyzx&id_brand=9')
    expect(found.json().data).toEqual([
      expect.objectContaining({
        id: store.id,
        name: 'Busana Zzyzx',
        map_url: 'https://www.google.com/maps/embed?pb=!1m18!1m12',
      }),
    ])
    expect(found.json().data[0].map_embed).not.toContain('allowfullscreen')

    const osm = await call('PATCH', `/content/stores/${store.id}`, {
      token: tokens.owner,
      body: { map_embed: 'https://www.openstreetmap.org/export/embed.html?bbox=106.8,-6.2,106.9,-6.1' },
    })
    expect(osm.statusCode, osm.body).toBe(200)
    expect((await pub('/api/v3/offline-store?keyword=zzyzx&id_brand=9')).json().data[0].map_url).toContain(
      'openstreetmap.org/export/embed.html',
    )
    const refused = await call('PATCH', `/content/stores/${store.id}`, {
      token: tokens.owner,
      body: { map_embed: 'https://maps.example/embed' },
    })
    expect(refused.json().code).toBe('STF202')
    expect((await pub('/api/v3/offline-store?keyword=zzyzx&id_brand=9')).json().data[0].map_url).toContain(
      'openstreetmap',
    )

    expect(
      (await call('DELETE', `/content/stores/${store.id}`, { token: tokens.marketing })).statusCode,
    ).toBe(200)
    expect((await pub('/api/v3/offline-store?keyword=zzyzx&id_brand=9')).json().data).toEqual([])
    expect(
      (await call('DELETE', `/content/stores/${store.id}`, { token: tokens.marketing })).json().code,
    ).toBe('STF203')
    const [audit] = await auditRows(t, 'content.delete')
    expect(audit).toMatchObject({ targetType: 'store', targetId: String(store.id) })
  })
})

describe('the campaign popup', () => {
  it('shows its vouchers and opens again for every member', async () => {
    const status = await call('GET', '/content/campaign', { token: tokens.marketing })
    expect(status.statusCode, status.body).toBe(200)
    expect(status.json().data.vouchers.map((v: { code: string }) => v.code)).toEqual([
      'CAMPAIGN50K',
      'CAMPAIGN100K',
      'ONGKIR17K',
    ])
    const member = await createSignedInMember(db())
    await db()
      .update(customers)
      .set({ isCampaign: true })
      .where(eq(customers.idPelanggan, member.idPelanggan))
    const again = await call('POST', '/content/campaign/show-again', { token: tokens.marketing })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().data.members_reset).toBeGreaterThanOrEqual(1)
    const [row] = await db().select().from(customers).where(eq(customers.idPelanggan, member.idPelanggan))
    expect(row!.isCampaign).toBe(false)
    expect((await call('POST', '/content/campaign/show-again', { token: tokens.support })).json().code).toBe(
      'STF003',
    )
  })
})

describe('cache invalidation', () => {
  it('announces a content change to every process (catalog topic), and nothing for a refused one', async () => {
    const topics: string[] = []
    const stop = await listenForChanges(t.database, (topic) => topics.push(topic))
    try {
      await call('POST', '/content/faq-categories', {
        token: tokens.owner,
        body: { category_code: 'bad code!', name_en: 'x', name_id: 'x' },
      })
      const res = await call('PATCH', '/content/faq-categories/cookie-made', {
        token: tokens.owner,
        body: { position: 7 },
      })
      expect(res.statusCode, res.body).toBe(200)
      await expect.poll(() => topics, { timeout: 2000 }).toContain('catalog')
      expect(topics).toEqual(['catalog'])
    } finally {
      await stop()
    }
  })
})
