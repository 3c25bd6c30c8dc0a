import { sql } from 'drizzle-orm'
import { COLOUR_FAMILIES } from '@busana/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedCatalog } from './index.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Row = Record<string, unknown>
const rows = async <T = Row>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows
const codes = async (where: ReturnType<typeof sql>) =>
  (await rows<{ c: string }>(sql`select p.product_code as c from products p where ${where} order by 1`)).map(
    (r) => r.c,
  )

describe('the demo catalog', () => {
  it('has the six brands with site settings, menus and carousels each', async () => {
    const brands = await rows<{ id: number; name: string; s: number; m: number; h: number; so: number }>(sql`
      select b.id, b.name,
        (select count(*)::int from site_settings s where s.id_brand = b.id) as s,
        (select count(*)::int from menus m where m.id_brand = b.id) as m,
        (select count(*)::int from home_sliders h where h.id_brand = b.id) as h,
        (select count(*)::int from social_media so where so.id_brand = b.id) as so
      from brands b order by b.id`)
    expect(brands.map((b) => b.id)).toEqual([5, 9, 13, 14, 17, 18])
    for (const b of brands) {
      expect(b.s, b.name).toBe(1)
      expect(b.m, b.name).toBeGreaterThanOrEqual(3)
      expect(b.h, b.name).toBeGreaterThanOrEqual(2)
      expect(b.so, b.name).toBe(4)
    }
  })

  it('gives the main brand 8+ categories, 80+ products and two listings longer than 30', async () => {
    const [counts] = await rows<{ c: number; p: number }>(sql`
      select (select count(*)::int from categories where id_brand = 9 and not is_child) as c,
             (select count(*)::int from products where id_brand = 9 and not is_child) as p`)
    expect(counts!.c).toBeGreaterThanOrEqual(8)
    expect(counts!.p).toBeGreaterThanOrEqual(80)
    const big = await rows<{ name: string }>(sql`
      select c.name from categories c join product_categories pc on pc.category_id = c.id
      where c.id_brand = 9 and not c.is_child group by c.name having count(*) > 30`)
    expect(big.map((r) => r.name)).toEqual(expect.arrayContaining(['new-drop', 'best-seller']))
  })

  it('has a segment list category with named segments, three banners each', async () => {
    const segments = await rows<{ name: string; img1: string; img2: string; img3: string; n: number }>(sql`
      select s.name, s.img1, s.img2, s.img3,
        (select count(*)::int from product_categories pc where pc.segment_id = s.id) as n
      from category_segments s join categories c on c.id = s.category_id
      where c.id_brand = 9 and c.name = 'linen-edit' order by s.priority`)
    expect(segments.length).toBeGreaterThanOrEqual(2)
    for (const s of segments) {
      for (const img of [s.img1, s.img2, s.img3]) expect(img).toMatch(/^\/media\/v1\/banner\//)
      expect(s.n).toBeGreaterThan(0)
    }
  })

  it('has the junior section: categories, products, menus and carousels with is_child', async () => {
    const [jr] = await rows<{ c: number; p: number; m: number; h: number }>(sql`
      select (select count(*)::int from categories where id_brand = 9 and is_child) as c,
             (select count(*)::int from products where id_brand = 9 and is_child) as p,
             (select count(*)::int from menus where id_brand = 9 and is_child) as m,
             (select count(*)::int from home_sliders where id_brand = 9 and is_child) as h`)
    expect(jr!.c).toBeGreaterThanOrEqual(3)
    expect(jr!.p).toBeGreaterThanOrEqual(10)
    expect(jr!.m).toBeGreaterThanOrEqual(2)
    expect(jr!.h).toBeGreaterThanOrEqual(2)
    const sizes = await rows<{ ukuran: string }>(sql`
      select distinct v.ukuran from variants v join products p using (product_code) where p.is_child`)
    expect(sizes.map((s) => s.ukuran)).toEqual(expect.arrayContaining(['2Y', '4Y', '6Y']))
  })

  it('starts every menu with New Drop and nests sub entries', async () => {
    for (const isChild of [false, true]) {
      const top = await rows<{ name: string; category_name: string }>(sql`
        select name, category_name from menus where id_brand = 9 and is_child = ${isChild} and parent_id is null
        order by priority limit 1`)
      expect(top[0]!.name).toBe('New Drop')
    }
    const [nested] = await rows<{ n: number }>(sql`
      select count(*)::int as n from menus m where m.id_brand = 9 and not m.is_child and m.parent_id is not null
        and exists (select 1 from menus p where p.id = m.parent_id and p.parent_id is null)`)
    expect(nested!.n).toBeGreaterThanOrEqual(3)
    // Every menu entry that opens a category names one of the brand's categories.
    const dangling = await rows(sql`
      select m.name from menus m where m.category_name <> '' and not exists
        (select 1 from categories c where c.id_brand = m.id_brand and c.name = m.category_name and c.is_child = m.is_child)`)
    expect(dangling).toEqual([])
  })

  it('links every carousel to an existing category with 6 to 10 existing products', async () => {
    const sliders = await rows<{
      id: number
      link_brand: number
      category_name: string
      url_image: string[]
      product_codes: string[]
    }>(sql`select id, link_brand, category_name, url_image, product_codes from home_sliders`)
    const known = new Set((await codes(sql`true`)) as string[])
    for (const s of sliders) {
      const [cat] = await rows(
        sql`select 1 from categories where id_brand = ${s.link_brand} and name = ${s.category_name}`,
      )
      expect(cat, s.category_name).toBeTruthy()
      expect(s.url_image.length).toBeGreaterThanOrEqual(1)
      expect(s.product_codes.length).toBeGreaterThanOrEqual(6)
      expect(s.product_codes.length).toBeLessThanOrEqual(10)
      for (const code of s.product_codes) expect(known.has(code), code).toBe(true)
    }
    const grid = await rows<{ url_image: string }>(sql`select url_image from categories where in_grid`)
    expect(grid.length).toBeGreaterThanOrEqual(6)
    for (const g of grid) expect(g.url_image).toMatch(/^\/media\/v1\/tile\//)
  })

  it('names products in both languages with sanitised bilingual descriptions and real IDR prices', async () => {
    const products = await rows<{
      product_name: string
      product_name_alt: string
      description: string
      description_without_tags: string
      selling_price: number
    }>(
      sql`select product_name, product_name_alt, description, description_without_tags, selling_price from products`,
    )
    for (const p of products) {
      expect(p.product_name_alt).not.toBe('')
      expect(p.product_name_alt).not.toBe(p.product_name)
      expect(p.description).toMatch(/<p>.*<ul><li>/s)
      expect(p.description).not.toMatch(/<script|on\w+=/i)
      expect(p.description_without_tags).not.toMatch(/[<>]/)
      expect(p.description_without_tags).toMatch(/Perawatan \/ Care/)
      expect(p.selling_price % 1000).toBe(0)
      expect(p.selling_price).toBeGreaterThanOrEqual(49000)
    }
  })

  it('gives every product at least two pictures and sizes of its kind', async () => {
    expect(
      await codes(
        sql`(select count(*) from product_media m where m.product_code = p.product_code and m.type = 'image') < 2`,
      ),
    ).toEqual([])
    expect(
      await codes(sql`not exists (select 1 from variants v where v.product_code = p.product_code)`),
    ).toEqual([])
    const sizes = (await rows<{ ukuran: string }>(sql`select distinct ukuran from variants`)).map(
      (r) => r.ukuran,
    )
    expect(sizes).toEqual(expect.arrayContaining(['S', 'M', 'L', 'XL', '28', '34', '2Y', 'ALL SIZE']))
  })
})

describe('display states (several products each)', () => {
  it('ON-SALE products strike a higher harga_coret', async () => {
    const sale = await rows<{ harga_coret: string; selling_price: number }>(
      sql`select harga_coret, selling_price from products where product_lable = 'ON-SALE'`,
    )
    expect(sale.length).toBeGreaterThanOrEqual(10)
    for (const p of sale) expect(Number(p.harga_coret)).toBeGreaterThan(p.selling_price)
  })

  it('COMING-SOON products count down to a future end_at; some others count down too', async () => {
    const soon = await rows<{ countdown: boolean; end_at: string | Date }>(
      sql`select countdown, end_at from products where product_lable = 'COMING-SOON'`,
    )
    expect(soon.length).toBeGreaterThanOrEqual(3)
    for (const p of soon) {
      expect(p.countdown).toBe(true)
      expect(new Date(p.end_at).getTime()).toBeGreaterThan(Date.now())
    }
    expect(
      (await codes(sql`countdown and product_lable <> 'COMING-SOON' and end_at > now()`)).length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('sold products have every variant at 0; others sell out single sizes', async () => {
    const sold = await codes(sql`status = 'sold'`)
    expect(sold.length).toBeGreaterThanOrEqual(3)
    expect(
      await codes(
        sql`status = 'sold' and exists (select 1 from variants v join sellable_stock ss using (sku_product) where v.product_code = p.product_code and ss.stock > 0)`,
      ),
    ).toEqual([])
    const partial = await codes(sql`status = 'available'
      and exists (select 1 from variants v join sellable_stock ss using (sku_product) where v.product_code = p.product_code and ss.stock = 0)
      and exists (select 1 from variants v join sellable_stock ss using (sku_product) where v.product_code = p.product_code and ss.stock > 0)`)
    expect(partial.length).toBeGreaterThanOrEqual(5)
  })

  it('has pre-orders, price ranges and single-variant products', async () => {
    expect((await codes(sql`category_menu = 'Preorder'`)).length).toBeGreaterThanOrEqual(3)
    const ranges = await rows<{ start_price: number; end_price: number; n: number }>(sql`
      select start_price, end_price, (select count(distinct selling_price)::int from variants v where v.product_code = p.product_code) as n
      from products p where start_price <> 0`)
    expect(ranges.length).toBeGreaterThanOrEqual(3)
    for (const r of ranges) {
      expect(r.end_price).toBeGreaterThan(r.start_price)
      expect(r.n).toBeGreaterThan(1)
    }
    expect(
      (
        await codes(
          sql`(select count(*) from variants v where v.product_code = p.product_code) = 1 and not is_bundling`,
        )
      ).length,
    ).toBeGreaterThanOrEqual(5)
  })

  it('uses BIG cards sparingly, mostly in the long listings, and some vertical galleries', async () => {
    const [big] = await rows<{ big: number; total: number; listed: number }>(sql`
      select count(*) filter (where thumbnail = 'BIG')::int as big, count(*)::int as total,
        count(*) filter (where thumbnail = 'BIG' and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_code = p.product_code and c.name in ('new-drop', 'best-seller')))::int as listed
      from products p where id_brand = 9`)
    expect(big!.big).toBeGreaterThanOrEqual(3)
    expect(big!.big).toBeLessThanOrEqual(Math.ceil(big!.total / 8))
    expect(big!.listed).toBe(big!.big)
    expect((await codes(sql`slide_option = 'VERTICAL'`)).length).toBeGreaterThanOrEqual(3)
  })

  it('has video items with a poster image', async () => {
    const videos = await rows<{ url: string; src: string }>(
      sql`select url, src from product_media where type = 'video'`,
    )
    expect(videos.length).toBeGreaterThanOrEqual(2)
    for (const v of videos) {
      expect(v.url).toMatch(/^\/media\/video\/[\w-]+\.mp4$/)
      expect(v.src).toMatch(/^\/media\/v1\/p\/.+\.svg$/)
    }
  })

  it('has bundles whose slots offer buyable products', async () => {
    const bundles = await rows<{ product_code: string; max_bundling: number; limit_qty_bundling: number }>(
      sql`select product_code, max_bundling, limit_qty_bundling from products where is_bundling order by product_code`,
    )
    expect(bundles.length).toBeGreaterThanOrEqual(2)
    for (const b of bundles) expect([3, 4]).toContain(b.max_bundling)
    expect(bundles.filter((b) => b.limit_qty_bundling > 0).length).toBe(1)
    for (const b of bundles) {
      const slots = await rows<{ slot: number; n: number }>(sql`
        select slot, count(*)::int as n from bundle_options where product_code = ${b.product_code} group by slot order by slot`)
      expect(slots.map((s) => s.slot)).toEqual([1, 2, 3])
      for (const s of slots) expect(s.n).toBeGreaterThanOrEqual(2)
    }
    const unbuyable = await rows(sql`
      select o.option_code from bundle_options o join products p on p.product_code = o.option_code
      where p.status <> 'available' or p.product_lable = 'COMING-SOON'
        or not exists (select 1 from variants v join sellable_stock ss using (sku_product) where v.product_code = o.option_code and ss.stock > 0)`)
    expect(unbuyable).toEqual([])
  })

  it('relates 3 to 6 products to each product under a title', async () => {
    const counts = await rows<{ n: number; judul_related: string }>(sql`
      select (select count(*)::int from related_products r where r.product_code = p.product_code) as n, judul_related from products p`)
    for (const c of counts) {
      expect(c.n).toBeGreaterThanOrEqual(3)
      expect(c.n).toBeLessThanOrEqual(6)
      expect(c.judul_related).not.toBe('')
    }
    const titles = new Set(counts.map((c) => c.judul_related))
    expect([...titles]).toEqual(expect.arrayContaining(['Complete The Look', 'Kamu Mungkin Suka']))
  })

  it('points colour variants at their master product', async () => {
    const variants = await rows<{
      canonical_product_code: string
      canonical_product_master_name: string
      master: string | null
    }>(sql`
      select p.canonical_product_code, p.canonical_product_master_name,
        (select m.product_name from products m where m.product_code = p.canonical_product_code) as master
      from products p where p.canonical_product_code is not null`)
    expect(variants.length).toBeGreaterThanOrEqual(3)
    for (const v of variants) {
      expect(v.master).toBeTruthy()
      expect(v.master!.startsWith(v.canonical_product_master_name)).toBe(true)
    }
  })

  it('gives every published product a colour family, six or more in each of the main brand’s long listings', async () => {
    const missing = await codes(sql`p.published_at is not null and p.colour_family is null`)
    expect(missing).toEqual([])
    const families = await rows<{ f: string }>(
      sql`select distinct colour_family as f from products where colour_family is not null order by 1`,
    )
    for (const { f } of families) expect(COLOUR_FAMILIES).toContain(f)
    const perListing = await rows<{ name: string; n: number }>(sql`
      select c.name, count(distinct p.colour_family)::int as n
      from categories c join product_categories pc on pc.category_id = c.id
      join products p on p.product_code = pc.product_code
      where c.id_brand = 9 and not c.is_child and c.name in ('new-drop', 'best-seller')
      group by c.name order by c.name`)
    expect(perListing).toEqual([
      { name: 'best-seller', n: expect.any(Number) },
      { name: 'new-drop', n: expect.any(Number) },
    ])
    for (const l of perListing) expect(l.n, l.name).toBeGreaterThanOrEqual(6)
    // A print is multi, a plain piece its colour's family, a bundle multi.
    const of = async (name: string) =>
      (
        await rows<{ f: string }>(
          sql`select distinct colour_family as f from products where product_name like ${name} order by 1`,
        )
      ).map((r) => r.f)
    expect(await of('Kemeja Batik Kawung %')).toEqual(['multi'])
    expect(await of('Kaos Katun Basic Navy')).toEqual(['blue'])
    expect(await of('Kaos Katun Basic Hitam')).toEqual(['black'])
    expect(
      (
        await rows<{ f: string }>(
          sql`select distinct colour_family as f from products where is_bundling order by 1`,
        )
      ).map((r) => r.f),
    ).toEqual(['multi'])
  })
})

describe('site data', () => {
  it('has footer colours, one WhatsApp number and sidebar links', async () => {
    const settings = await rows<{
      id_brand: number
      background_color: string
      whatsapp: string
      sidebar: { name: string; link: string }[]
    }>(sql`select id_brand, background_color, whatsapp, sidebar from site_settings order by id_brand`)
    expect(settings).toHaveLength(6)
    for (const s of settings) {
      expect(s.background_color).toMatch(/^#[0-9a-f]{6}$/)
      expect(s.whatsapp).toBe(s.id_brand === 9 ? '6281188800999' : '')
      expect(s.sidebar.map((l) => l.name)).toEqual(expect.arrayContaining(['New Drop', 'Sale', 'Our Store']))
    }
  })

  it('has social links and payment methods with logos served by the media routes', async () => {
    const social = await rows<{ name: string; logo: string }>(
      sql`select name, logo from social_media where id_brand = 9`,
    )
    expect(social.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Instagram', 'TikTok', 'Facebook', 'YouTube']),
    )
    const payments = await rows<{ name: string; logo: string }>(
      sql`select name, logo from payment_methods order by position`,
    )
    expect(payments.map((p) => p.name.split(' ')[0])).toEqual(
      expect.arrayContaining(['BCA', 'Mandiri', 'BNI', 'BRI', 'Permata', 'GoPay', 'QRIS', 'ShopeePay']),
    )
  })

  it('uses only media URLs that the API serves', async () => {
    const urls = (
      await rows<{ u: string }>(sql`
        select url as u from product_media union select src from product_media
        union select img1 from category_segments union select img2 from category_segments union select img3 from category_segments
        union select url_image from categories where url_image <> ''
        union select jsonb_array_elements_text(url_image) from home_sliders
        union select logo from social_media union select logo from payment_methods`)
    ).map((r) => r.u)
    expect(urls.length).toBeGreaterThan(100)
    for (const url of urls) {
      const res = await t.app.inject({ method: 'HEAD', url })
      expect(res.statusCode, url).toBe(200)
    }
  })
})

describe('seeding again', () => {
  const snapshot = async () => ({
    products: await rows(sql`select * from products order by product_code`),
    variants: await rows(sql`select * from variants order by sku_product`),
    media: await rows(sql`select * from product_media order by id`),
    categories: await rows(sql`select * from categories order by id`),
    links: await rows(sql`select * from product_categories order by category_id, position`),
    menus: await rows(sql`select * from menus order by id`),
    sliders: await rows(sql`select * from home_sliders order by id`),
  })
  // end_at follows the seeding clock; updated_at says when the row was last written (the sitemap's lastmod).
  const withoutEndAt = (list: Row[]) =>
    list.map(({ end_at: _endAt, updated_at: _updatedAt, ...rest }) => rest)

  it('replaces the catalog with identical rows (apart from countdown ends and write times) and no duplicates', async () => {
    const before = await snapshot()
    await seedCatalog(t.database.db, { now: new Date(Date.now() + 3 * 86_400_000) })
    const after = await snapshot()
    expect(withoutEndAt(after.products)).toEqual(withoutEndAt(before.products))
    expect(after.variants).toEqual(before.variants)
    expect(after.media).toEqual(before.media)
    expect(after.categories).toEqual(before.categories)
    expect(after.links).toEqual(before.links)
    expect(after.menus).toEqual(before.menus)
    expect(after.sliders).toEqual(before.sliders)
    // end_at moved with the seeding time: it is the one clock-dependent value.
    const moved = before.products.filter(
      (p, i) => p.end_at !== null && String(p.end_at) !== String(after.products[i]!.end_at),
    )
    expect(moved.length).toBeGreaterThan(0)
  })

  it('keeps serial sequences ahead of the seeded ids', async () => {
    const [row] = await rows<{ id: number }>(sql`
      insert into menus (id_brand, name) values (9, 'probe') returning id`)
    expect(row!.id).toBeGreaterThan(50)
    await t.database.db.execute(sql`delete from menus where name = 'probe'`)
  })
})

describe('the demo rate table', () => {
  it('has the six courier services, every province in a zone, and JNE REG to every zone', async () => {
    const services = await rows<{ provider: string; name: string }>(
      sql`select provider, name from courier_services order by position`,
    )
    expect(services.map((s) => `${s.provider} ${s.name}`)).toEqual([
      'JNE REG',
      'JNE YES',
      'J&T EZ',
      'SiCepat REG',
      'SiCepat BEST',
      'AnterAja REG',
    ])
    const unzoned = await rows(sql`
      select z.id from shipping_zones z where not exists (
        select 1 from shipping_rates r where r.zone_id = z.id and r.service_id = 1)`)
    expect(unzoned).toEqual([])
    const [jakarta] = await rows<{ zone_id: string }>(
      sql`select zone_id from shipping_zone_areas where area_id = '31'`,
    )
    expect(jakarta!.zone_id).toBe('JABODETABEK')
  })

  it('gives every variant a packed weight by garment kind', async () => {
    const [w] = await rows<{ min: number; max: number; kinds: number }>(sql`
      select min(weight_grams)::int as min, max(weight_grams)::int as max,
        count(distinct weight_grams)::int as kinds from variants`)
    expect(w!.min).toBeGreaterThanOrEqual(100)
    expect(w!.max).toBeLessThanOrEqual(1000)
    expect(w!.kinds).toBeGreaterThan(5)
  })
})

describe('the demo vouchers and payment options', () => {
  it("has the campaign popup's three vouchers valid ~90 days, an expired one and current ones of every kind", async () => {
    const list = await rows<{
      code: string
      type: string
      value: number
      min_purchase: number
      ends_at: Date | string
    }>(sql`select code, type, value, min_purchase, ends_at from vouchers order by id`)
    const campaign = list.filter((v) => ['CAMPAIGN50K', 'CAMPAIGN100K', 'ONGKIR17K'].includes(v.code))
    expect(campaign.map((v) => [v.type, v.value, v.min_purchase])).toEqual([
      ['FIXED', 50_000, 300_000],
      ['FIXED', 100_000, 500_000],
      ['SHIPPING', 17_000, 250_000],
    ])
    for (const v of campaign) {
      // About 90 days after seeding (an earlier test seeds again 3 days ahead).
      const left = new Date(v.ends_at).getTime() - Date.now()
      expect(left).toBeGreaterThan(89 * 24 * 3600_000)
      expect(left).toBeLessThan(95 * 24 * 3600_000)
      // The end of a day on the shop's clock (23:59:59 WIB = 16:59:59 UTC).
      expect(new Date(v.ends_at).toISOString()).toMatch(/T16:59:59\.000Z$/)
    }
    const expired = list.find((v) => v.code === 'AGUSTUS24')
    expect(new Date(expired!.ends_at).toISOString()).toBe('2024-08-25T16:59:59.000Z')
    const current = list.filter((v) => new Date(v.ends_at).getTime() > Date.now())
    expect(new Set(current.map((v) => v.type))).toEqual(new Set(['FIXED', 'PERCENTAGE', 'SHIPPING']))
  })

  it('keeps the uses already counted when seeding again', async () => {
    await t.database.db.execute(sql`update vouchers set used_count = 1 where code = 'HEMAT10'`)
    await seedCatalog(t.database.db)
    const [row] = await rows<{ used_count: number }>(
      sql`select used_count from vouchers where code = 'HEMAT10'`,
    )
    expect(row!.used_count).toBe(1)
  })

  it('offers every payment category with its fee and deadline', async () => {
    const methods = await rows<{
      code: string
      category: string
      fee_flat: number
      fee_percent_bp: number
      expiry_minutes: number
    }>(
      sql`select code, category, fee_flat, fee_percent_bp, expiry_minutes from payment_methods where active order by position`,
    )
    expect(new Set(methods.map((m) => m.category))).toEqual(new Set(['VIRTUAL-ACCOUNT', 'E-WALLET', 'QRIS']))
    for (const m of methods) {
      expect(m.expiry_minutes).toBe(m.category === 'VIRTUAL-ACCOUNT' ? 1440 : 15)
      expect(m.fee_flat + m.fee_percent_bp).toBeGreaterThan(0)
    }
  })
})
