import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { demoOrderHeader } from '../demo/seed/order-header.ts'
import { eq, sql } from 'drizzle-orm'
import {
  brands,
  bundleOptions,
  categories,
  categorySegments,
  homeSliders,
  menus,
  paymentMethods,
  productCategories,
  productMedia,
  products,
  relatedProducts,
  salesHeaders,
  sellableStock,
  siteSettings,
  socialMedia,
  variants,
} from '../db/schema/index.ts'

/**
 * Test factories: each inserts one row (plus its children) with sensible defaults and returns it.
 * Tests state only what they assert on, so fixtures stay precise and independent of the demo seed.
 */

let sequence = 0
/** A number unique within the test file, for codes and names. */
export const nextId = () => ++sequence

/** Inserts a brand (the group's ids are 9, 5, 14, 18, 13, 17). */
export async function createBrand(db: Db, values: Partial<typeof brands.$inferInsert> & { id: number }) {
  const [row] = await db
    .insert(brands)
    .values({ name: `Brand ${values.id}`, slug: `brand-${values.id}`, ...values })
    .onConflictDoNothing()
    .returning()
  return row
}

/** Inserts a category of a brand. */
export async function createCategory(
  db: Db,
  values: Partial<typeof categories.$inferInsert> & { idBrand: number },
) {
  const n = nextId()
  const [row] = await db
    .insert(categories)
    .values({ name: `category-${n}`, title: `Category ${n}`, ...values })
    .returning()
  return row!
}

/** Inserts a segment (named group with banners) of a category. */
export async function createSegment(
  db: Db,
  values: Partial<typeof categorySegments.$inferInsert> & { categoryId: number },
) {
  const n = nextId()
  const [row] = await db
    .insert(categorySegments)
    .values({
      name: `Segment ${n}`,
      img1: `/img/seg-${n}-1.jpg`,
      img2: `/img/seg-${n}-2.jpg`,
      img3: '',
      ...values,
    })
    .returning()
  return row!
}

export interface ProductFixture extends Partial<typeof products.$inferInsert> {
  idBrand: number
  /** Sizes with stock; default one size M with stock 5. */
  sizes?: { ukuran: string; stock?: number; sellingPrice?: number }[]
  /** Media items; default one image. */
  media?: { type: 'image' | 'video'; url: string; src?: string }[]
}

/** Inserts a product with its variants and media. */
export async function createProduct(db: Db, fixture: ProductFixture) {
  const n = nextId()
  const { sizes, media, ...values } = fixture
  const code = values.productCode ?? `TST-${String(n).padStart(4, '0')}`
  const [row] = await db
    .insert(products)
    .values({ productCode: code, productName: `Product ${n}`, sellingPrice: 100_000, ...values })
    .returning()
  const sized = sizes ?? [{ ukuran: 'M', stock: 5 }]
  const variantRows = sized.map((size, position) => ({
    skuProduct: `${code}-${size.ukuran}`,
    productCode: code,
    ukuran: size.ukuran,
    sellingPrice: size.sellingPrice ?? row!.sellingPrice,
    position,
  }))
  if (variantRows.length > 0) {
    await db.insert(variants).values(variantRows)
    // Each size's sellable stock, inventory's row (as the catalog's calls open it, at its count).
    await db
      .insert(sellableStock)
      .values(sized.map((size) => ({ skuProduct: `${code}-${size.ukuran}`, stock: size.stock ?? 5 })))
  }
  const mediaRows = (media ?? [{ type: 'image' as const, url: `/img/${code.toLowerCase()}-1.jpg` }]).map(
    (item, position) => ({
      productCode: code,
      type: item.type,
      url: item.url,
      src: item.src ?? item.url,
      position,
    }),
  )
  if (mediaRows.length > 0) await db.insert(productMedia).values(mediaRows)
  return row!
}

/**
 * Sets a variant's sellable stock (inventory's `sellable_stock`, what checkout may sell), writing its
 * row when missing: a test's starting point, or a change made behind the shop's back. stock_levels
 * is left alone, as a direct write of `variants.stock` left it before issue 42.
 */
export async function setStock(db: Db, sku: string, stock: number): Promise<void> {
  await db
    .insert(sellableStock)
    .values({ skuProduct: sku, stock })
    .onConflictDoUpdate({ target: sellableStock.skuProduct, set: { stock: sql`excluded.stock` } })
}

/** A variant's sellable stock (0 without a row). */
export async function stockOf(db: Db, sku: string): Promise<number> {
  const [row] = await db
    .select({ stock: sellableStock.stock })
    .from(sellableStock)
    .where(eq(sellableStock.skuProduct, sku))
  return row?.stock ?? 0
}

/** Puts products in a category (optionally in a segment), positions in the given order. */
export async function addToCategory(
  db: Db,
  categoryId: number,
  productCodes: string[],
  options: { segmentId?: number | null; startPosition?: number } = {},
) {
  if (productCodes.length === 0) return
  await db.insert(productCategories).values(
    productCodes.map((productCode, i) => ({
      categoryId,
      productCode,
      segmentId: options.segmentId ?? null,
      position: (options.startPosition ?? 0) + i,
    })),
  )
}

/** Links related products in order. */
export async function addRelated(db: Db, productCode: string, relatedCodes: string[]) {
  await db
    .insert(relatedProducts)
    .values(relatedCodes.map((relatedCode, position) => ({ productCode, relatedCode, position })))
}

/** Offers products in bundle slot `slot` (1-5) of a bundle product. */
export async function addBundleOptions(db: Db, productCode: string, slot: number, optionCodes: string[]) {
  await db
    .insert(bundleOptions)
    .values(optionCodes.map((optionCode, position) => ({ productCode, slot, optionCode, position })))
}

/** Inserts a home carousel. */
export async function createHomeSlider(
  db: Db,
  values: Partial<typeof homeSliders.$inferInsert> & { idBrand: number; categoryName: string },
) {
  const [row] = await db
    .insert(homeSliders)
    .values({ linkBrand: values.idBrand, ...values })
    .returning()
  return row!
}

/** Inserts a menu entry. */
export async function createMenu(db: Db, values: Partial<typeof menus.$inferInsert> & { idBrand: number }) {
  const n = nextId()
  const [row] = await db
    .insert(menus)
    .values({ name: `Menu ${n}`, ...values })
    .returning()
  return row!
}

/** Inserts the site settings of a brand. */
export async function createSiteSettings(
  db: Db,
  values: Partial<typeof siteSettings.$inferInsert> & { idBrand: number },
) {
  const [row] = await db.insert(siteSettings).values(values).returning()
  return row!
}

/** Inserts a social media link of a brand. */
export async function createSocialMedia(
  db: Db,
  values: Partial<typeof socialMedia.$inferInsert> & { idBrand: number },
) {
  const n = nextId()
  const [row] = await db
    .insert(socialMedia)
    .values({
      name: `Social ${n}`,
      link: `https://social.example/${n}`,
      logo: `/img/social-${n}.svg`,
      ...values,
    })
    .returning()
  return row!
}

/** Inserts a payment method of the footer. */
export async function createPaymentMethod(db: Db, values: Partial<typeof paymentMethods.$inferInsert> = {}) {
  const n = nextId()
  const [row] = await db
    .insert(paymentMethods)
    .values({ code: `pay_${n}`, name: `Pay ${n}`, logo: `/img/pay-${n}.svg`, ...values })
    .returning()
  return row!
}

/**
 * Inserts an order header of a customer (no lines): the seed's demo address, JNE REG and BCA
 * Virtual Account (demo/seed/order-header.ts), Open, 100,000 of goods, due in a day, unless given.
 */
export async function createOrder(
  db: Db,
  values: Partial<typeof salesHeaders.$inferInsert> & { idPelanggan: number },
) {
  const id = randomUUID()
  const [row] = await db
    .insert(salesHeaders)
    .values(
      demoOrderHeader({
        idSalesHeader: id,
        salesOrderNumber: `SO-TEST-${id.slice(0, 8).toUpperCase()}`,
        buyerName: 'Buyer',
        buyerPhone: '081200000000',
        subtotal: 100_000,
        expiredTime: new Date(Date.now() + 86_400_000),
        ...values,
      }),
    )
    .returning()
  return row!
}
