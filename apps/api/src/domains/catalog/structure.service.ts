import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  AppError,
  type AdminBrand,
  type AdminBrandUpdateBody,
  type AdminCategory,
  type AdminCategoryProduct,
  type AdminCategoryProductsBody,
  type AdminCategoryReorderBody,
  type AdminSegment,
  type AdminSegmentCreateBody,
  type AdminSegmentUpdateBody,
  type AdminCategoryCreateBody,
  type AdminCategoryUpdateBody,
  type AdminMenu,
  type AdminMenuCreateBody,
  type AdminMenuUpdateBody,
  type AdminSlider,
  type AdminSliderCreateBody,
  type AdminSliderUpdateBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import {
  brands,
  categories,
  categorySegments,
  homeSliders,
  menus,
  productCategories,
  products,
} from '../../db/schema/index.ts'
import type { AuditActor } from '../staff/index.ts'
import { catalogChange } from './change.ts'
import { existingCodes, firstImage } from './products.service.ts'

/**
 * The storefront's structure (issue 14): categories (listings and the home grid), navigation
 * menus, home carousels and brands. Each change is one transaction with its audit row and the
 * 'catalog' notification (change.ts).
 */

const notFound = () => new AppError('STF111')
const missing = (field: string, what: string) =>
  new AppError('STF106', { en: `${field}: there is no ${what}`, id: `${field}: ${what} tidak ditemukan` })

async function assertBrand(tx: Transaction, id: number, field = 'id_brand') {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id))
  if (!brand) throw missing(field, `brand ${id}`)
}

// Categories

const categoryColumns = {
  id: categories.id,
  idBrand: categories.idBrand,
  name: categories.name,
  title: categories.title,
  isChild: categories.isChild,
  priority: categories.priority,
  urlImage: categories.urlImage,
  inGrid: categories.inGrid,
  newProducts: categories.newProducts,
  products:
    sql<number>`(select count(*) from ${productCategories} pc where pc.category_id = ${categories}.id)`.mapWith(
      Number,
    ),
}
type CategoryRow = typeof categories.$inferSelect & { products: number }

const toCategory = (row: CategoryRow): AdminCategory => ({
  id: row.id,
  id_brand: row.idBrand,
  name: row.name,
  title: row.title,
  is_child: row.isChild,
  priority: row.priority,
  url_image: row.urlImage,
  in_grid: row.inGrid,
  new_products: row.newProducts === 'top' ? 'top' : 'bottom',
  products: row.products,
})

export async function listCategories(db: Db, idBrand?: number): Promise<AdminCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .where(idBrand === undefined ? undefined : eq(categories.idBrand, idBrand))
    .orderBy(asc(categories.idBrand), asc(categories.isChild), asc(categories.priority), asc(categories.id))
  return rows.map(toCategory)
}

async function getCategory(db: Db, id: number): Promise<AdminCategory> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id))
  if (!row) throw notFound()
  return toCategory(row)
}

async function assertCategoryNameFree(tx: Transaction, idBrand: number, name: string, except?: number) {
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.idBrand, idBrand), sql`lower(${categories.name}) = lower(${name})`))
  if (clash && clash.id !== except) throw new AppError('STF112')
}

const categoryValues = (body: AdminCategoryUpdateBody) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.title !== undefined ? { title: body.title } : {}),
  ...(body.is_child !== undefined ? { isChild: body.is_child } : {}),
  ...(body.priority !== undefined ? { priority: body.priority } : {}),
  ...(body.url_image !== undefined ? { urlImage: body.url_image } : {}),
  ...(body.in_grid !== undefined ? { inGrid: body.in_grid } : {}),
  ...(body.new_products !== undefined ? { newProducts: body.new_products } : {}),
})

export async function createCategory(db: Db, body: AdminCategoryCreateBody, actor: AuditActor) {
  const id = await catalogChange(
    db,
    actor,
    (id: number) => ({
      action: 'category.create',
      targetType: 'category',
      targetId: id,
      changes: { ...body },
    }),
    async (tx) => {
      await assertBrand(tx, body.id_brand)
      await assertCategoryNameFree(tx, body.id_brand, body.name)
      const [row] = await tx
        .insert(categories)
        .values({ idBrand: body.id_brand, name: body.name, title: body.title, ...categoryValues(body) })
        .returning({ id: categories.id })
      return row!.id
    },
  )
  return getCategory(db, id)
}

export async function updateCategory(db: Db, id: number, body: AdminCategoryUpdateBody, actor: AuditActor) {
  await catalogChange(
    db,
    actor,
    { action: 'category.update', targetType: 'category', targetId: id, changes: { ...body } },
    async (tx) => {
      const [category] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
      if (!category) throw notFound()
      if (body.name !== undefined) await assertCategoryNameFree(tx, category.idBrand, body.name, id)
      await tx.update(categories).set(categoryValues(body)).where(eq(categories.id, id))
      // Menus and carousels name the category: a renamed one keeps them pointing at it.
      if (body.name !== undefined && body.name !== category.name) {
        await tx
          .update(menus)
          .set({ categoryName: body.name })
          .where(and(eq(menus.idBrand, category.idBrand), eq(menus.categoryName, category.name)))
        await tx
          .update(homeSliders)
          .set({ categoryName: body.name })
          .where(
            and(eq(homeSliders.linkBrand, category.idBrand), eq(homeSliders.categoryName, category.name)),
          )
      }
    },
  )
  return getCategory(db, id)
}

/** DELETE …/categories/{id}: the listing goes (its products stay, in their other categories). */
export async function deleteCategory(db: Db, id: number, actor: AuditActor) {
  await catalogChange(
    db,
    actor,
    (name: string) => ({
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      changes: { name },
    }),
    async (tx) => {
      const [row] = await tx
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ name: categories.name })
      if (!row) throw notFound()
      return row.name
    },
  )
}

// Segments and the listing's order

const toSegment = (row: typeof categorySegments.$inferSelect): AdminSegment => ({
  id: row.id,
  category_id: row.categoryId,
  name: row.name,
  img1: row.img1,
  img2: row.img2,
  img3: row.img3,
  priority: row.priority,
})

export async function listSegments(db: Db, categoryId: number): Promise<AdminSegment[]> {
  await getCategory(db, categoryId)
  const rows = await db
    .select()
    .from(categorySegments)
    .where(eq(categorySegments.categoryId, categoryId))
    .orderBy(asc(categorySegments.priority), asc(categorySegments.id))
  return rows.map(toSegment)
}

export async function createSegment(
  db: Db,
  categoryId: number,
  body: AdminSegmentCreateBody,
  actor: AuditActor,
) {
  const row = await catalogChange(
    db,
    actor,
    (row: typeof categorySegments.$inferSelect) => ({
      action: 'segment.create',
      targetType: 'segment',
      targetId: row.id,
      changes: { category_id: categoryId, ...body },
    }),
    async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, categoryId))
      if (!category) throw notFound()
      const [row] = await tx
        .insert(categorySegments)
        .values({ categoryId, ...body })
        .returning()
      return row!
    },
  )
  return toSegment(row)
}

export async function updateSegment(db: Db, id: number, body: AdminSegmentUpdateBody, actor: AuditActor) {
  const row = await catalogChange(
    db,
    actor,
    { action: 'segment.update', targetType: 'segment', targetId: id, changes: { ...body } },
    async (tx) => {
      const [row] = await tx.update(categorySegments).set(body).where(eq(categorySegments.id, id)).returning()
      if (!row) throw notFound()
      return row
    },
  )
  return toSegment(row)
}

/** DELETE …/segments/{id}: its products stay in the category, outside any segment. */
export async function deleteSegment(db: Db, id: number, actor: AuditActor) {
  await catalogChange(
    db,
    actor,
    { action: 'segment.delete', targetType: 'segment', targetId: id },
    async (tx) => {
      const [row] = await tx
        .delete(categorySegments)
        .where(eq(categorySegments.id, id))
        .returning({ id: categorySegments.id })
      if (!row) throw notFound()
    },
  )
}

/**
 * The listing of a category as stored: products in order with their segment, and the name, first
 * picture and draft state a merchandiser places them by (issue 43).
 */
export async function listCategoryProducts(db: Db, categoryId: number): Promise<AdminCategoryProduct[]> {
  await getCategory(db, categoryId)
  return db
    .select({
      product_code: productCategories.productCode,
      segment_id: productCategories.segmentId,
      position: productCategories.position,
      product_name: products.productName,
      url_image: firstImage,
      draft: sql<boolean>`${products.publishedAt} is null`,
    })
    .from(productCategories)
    .innerJoin(products, eq(products.productCode, productCategories.productCode))
    .where(eq(productCategories.categoryId, categoryId))
    .orderBy(asc(productCategories.position), asc(productCategories.productCode))
}

/**
 * POST …/categories/{id}/products/reorder (issue 43): each move puts one product of the listing at
 * a 0-based place, in the order given; the listing is then numbered 0…n−1 in one statement. Only
 * the order changes, so a product another member of staff added meanwhile keeps its place (a
 * whole-listing PUT from a stale screen would drop it). A product not in the listing: 422 STF106.
 * The storefront's default order follows at once (the 'catalog' notification of catalogChange).
 */
export async function reorderCategoryProducts(
  db: Db,
  categoryId: number,
  body: AdminCategoryReorderBody,
  actor: AuditActor,
): Promise<AdminCategoryProduct[]> {
  await catalogChange(
    db,
    actor,
    {
      action: 'category.reorder',
      targetType: 'category',
      targetId: categoryId,
      changes: { moves: body.moves },
    },
    async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, categoryId))
        .for('update')
      if (!category) throw notFound()
      const order = (
        await tx
          .select({ code: productCategories.productCode })
          .from(productCategories)
          .where(eq(productCategories.categoryId, categoryId))
          .orderBy(asc(productCategories.position), asc(productCategories.productCode))
      ).map((row) => row.code)
      for (const move of body.moves) {
        const from = order.findIndex((code) => code.toUpperCase() === move.product_code.toUpperCase())
        if (from < 0) throw missing('moves', `product ${move.product_code} in category ${categoryId}`)
        const [code] = order.splice(from, 1)
        order.splice(Math.min(move.position, order.length), 0, code!)
      }
      await tx.execute(sql`
        update ${productCategories} pc set position = moved.place - 1
        from jsonb_array_elements_text(${JSON.stringify(order)}::jsonb) with ordinality as moved(code, place)
        where pc.category_id = ${categoryId} and pc.product_code = moved.code`)
    },
  )
  return listCategoryProducts(db, categoryId)
}

/**
 * PUT …/categories/{id}/products: the whole listing in order (drafts may be placed: shoppers see
 * them once published), each product in a segment of this category or none. Products of another
 * brand or unknown ones, or a segment of another category: 422 STF106.
 */
export async function setCategoryProducts(
  db: Db,
  categoryId: number,
  body: AdminCategoryProductsBody,
  actor: AuditActor,
) {
  await catalogChange(
    db,
    actor,
    {
      action: 'category.products',
      targetType: 'category',
      targetId: categoryId,
      changes: { products: body.products.map((p) => p.product_code) },
    },
    async (tx) => {
      const [category] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update')
      if (!category) throw notFound()
      const codes = await existingCodes(
        tx,
        body.products.map((p) => p.product_code),
        'products',
      )
      if (codes.length > 0) {
        const foreign = await tx
          .select({ code: products.productCode })
          .from(products)
          .where(and(inArray(products.productCode, codes), ne(products.idBrand, category.idBrand)))
        if (foreign.length > 0)
          throw missing('products', `product ${foreign[0]!.code} of brand ${category.idBrand}`)
      }
      const segmentIds = new Set(
        (
          await tx
            .select({ id: categorySegments.id })
            .from(categorySegments)
            .where(eq(categorySegments.categoryId, categoryId))
        ).map((s) => s.id),
      )
      const bad = body.products.find((p) => p.segment_id !== null && !segmentIds.has(p.segment_id))
      if (bad) throw missing('segment_id', `segment ${bad.segment_id} of category ${categoryId}`)
      await tx.delete(productCategories).where(eq(productCategories.categoryId, categoryId))
      if (codes.length > 0)
        await tx.insert(productCategories).values(
          codes.map((productCode, position) => ({
            categoryId,
            productCode,
            segmentId: body.products[position]!.segment_id,
            position,
          })),
        )
    },
  )
  return listCategoryProducts(db, categoryId)
}

// Menus

const toMenu = (row: typeof menus.$inferSelect): AdminMenu => ({
  id: row.id,
  id_brand: row.idBrand,
  parent_id: row.parentId,
  name: row.name,
  category_name: row.categoryName,
  priority: row.priority,
  is_child: row.isChild,
})

export async function listMenus(db: Db, idBrand?: number): Promise<AdminMenu[]> {
  const rows = await db
    .select()
    .from(menus)
    .where(idBrand === undefined ? undefined : eq(menus.idBrand, idBrand))
    .orderBy(asc(menus.idBrand), asc(menus.isChild), asc(menus.priority), asc(menus.id))
  return rows.map(toMenu)
}

/** A parent must be another entry of the same brand, and not one of the entry's own descendants. */
async function assertParent(
  tx: Transaction,
  idBrand: number,
  parentId: number | null | undefined,
  self?: number,
) {
  if (parentId === null || parentId === undefined) return
  const all = await tx
    .select({ id: menus.id, parentId: menus.parentId })
    .from(menus)
    .where(eq(menus.idBrand, idBrand))
  const byId = new Map(all.map((m) => [m.id, m.parentId]))
  if (!byId.has(parentId)) throw missing('parent_id', `menu entry ${parentId} of brand ${idBrand}`)
  for (let at: number | null | undefined = parentId, hops = 0; at != null && hops <= all.length; hops++) {
    if (at === self)
      throw new AppError('STF106', {
        en: 'parent_id: an entry cannot be under itself',
        id: 'parent_id: menu tidak dapat berada di bawah dirinya sendiri',
      })
    at = byId.get(at)
  }
}

async function assertCategoryName(tx: Transaction, idBrand: number, name: string | undefined, field: string) {
  if (!name) return
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.idBrand, idBrand), eq(categories.name, name)))
  if (!row) throw missing(field, `category ${name} of brand ${idBrand}`)
}

export async function createMenu(db: Db, body: AdminMenuCreateBody, actor: AuditActor) {
  const row = await catalogChange(
    db,
    actor,
    (row: typeof menus.$inferSelect) => ({
      action: 'menu.create',
      targetType: 'menu',
      targetId: row.id,
      changes: { ...body },
    }),
    async (tx) => {
      await assertBrand(tx, body.id_brand)
      await assertParent(tx, body.id_brand, body.parent_id)
      await assertCategoryName(tx, body.id_brand, body.category_name, 'category_name')
      const [row] = await tx
        .insert(menus)
        .values({
          idBrand: body.id_brand,
          name: body.name,
          parentId: body.parent_id ?? null,
          categoryName: body.category_name ?? '',
          priority: body.priority ?? 0,
          isChild: body.is_child ?? false,
        })
        .returning()
      return row!
    },
  )
  return toMenu(row)
}

export async function updateMenu(db: Db, id: number, body: AdminMenuUpdateBody, actor: AuditActor) {
  const row = await catalogChange(
    db,
    actor,
    { action: 'menu.update', targetType: 'menu', targetId: id, changes: { ...body } },
    async (tx) => {
      const [menu] = await tx.select().from(menus).where(eq(menus.id, id)).for('update')
      if (!menu) throw notFound()
      await assertParent(tx, menu.idBrand, body.parent_id, id)
      await assertCategoryName(tx, menu.idBrand, body.category_name, 'category_name')
      const [row] = await tx
        .update(menus)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.parent_id !== undefined ? { parentId: body.parent_id } : {}),
          ...(body.category_name !== undefined ? { categoryName: body.category_name } : {}),
          ...(body.priority !== undefined ? { priority: body.priority } : {}),
          ...(body.is_child !== undefined ? { isChild: body.is_child } : {}),
        })
        .where(eq(menus.id, id))
        .returning()
      return row!
    },
  )
  return toMenu(row)
}

/** DELETE …/menus/{id}: the entry and its children. */
export async function deleteMenu(db: Db, id: number, actor: AuditActor) {
  await catalogChange(db, actor, { action: 'menu.delete', targetType: 'menu', targetId: id }, async (tx) => {
    const [row] = await tx.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id })
    if (!row) throw notFound()
    await tx.delete(menus).where(eq(menus.parentId, id))
  })
}

// Home sliders

const toSlider = (row: typeof homeSliders.$inferSelect): AdminSlider => ({
  id: row.id,
  id_brand: row.idBrand,
  is_child: row.isChild,
  link_brand: row.linkBrand,
  category_name: row.categoryName,
  title: row.title,
  url_image: row.urlImage,
  product_codes: row.productCodes,
  priority: row.priority,
})

export async function listSliders(db: Db, idBrand?: number): Promise<AdminSlider[]> {
  const rows = await db
    .select()
    .from(homeSliders)
    .where(idBrand === undefined ? undefined : eq(homeSliders.idBrand, idBrand))
    .orderBy(
      asc(homeSliders.idBrand),
      asc(homeSliders.isChild),
      asc(homeSliders.priority),
      asc(homeSliders.id),
    )
  return rows.map(toSlider)
}

export async function createSlider(db: Db, body: AdminSliderCreateBody, actor: AuditActor) {
  const row = await catalogChange(
    db,
    actor,
    (row: typeof homeSliders.$inferSelect) => ({
      action: 'slider.create',
      targetType: 'slider',
      targetId: row.id,
      changes: { ...body },
    }),
    async (tx) => {
      const linkBrand = body.link_brand ?? body.id_brand
      await assertBrand(tx, body.id_brand)
      await assertBrand(tx, linkBrand, 'link_brand')
      await assertCategoryName(tx, linkBrand, body.category_name, 'category_name')
      const codes = await existingCodes(tx, body.product_codes ?? [], 'product_codes')
      const [row] = await tx
        .insert(homeSliders)
        .values({
          idBrand: body.id_brand,
          isChild: body.is_child ?? false,
          linkBrand,
          categoryName: body.category_name,
          title: body.title ?? '',
          urlImage: body.url_image ?? [],
          productCodes: codes,
          priority: body.priority ?? 0,
        })
        .returning()
      return row!
    },
  )
  return toSlider(row)
}

export async function updateSlider(db: Db, id: number, body: AdminSliderUpdateBody, actor: AuditActor) {
  const row = await catalogChange(
    db,
    actor,
    { action: 'slider.update', targetType: 'slider', targetId: id, changes: { ...body } },
    async (tx) => {
      const [slider] = await tx.select().from(homeSliders).where(eq(homeSliders.id, id)).for('update')
      if (!slider) throw notFound()
      const linkBrand = body.link_brand ?? slider.linkBrand
      if (body.link_brand !== undefined) await assertBrand(tx, body.link_brand, 'link_brand')
      if (body.category_name !== undefined || body.link_brand !== undefined)
        await assertCategoryName(tx, linkBrand, body.category_name ?? slider.categoryName, 'category_name')
      const codes =
        body.product_codes === undefined
          ? undefined
          : await existingCodes(tx, body.product_codes, 'product_codes')
      const [row] = await tx
        .update(homeSliders)
        .set({
          ...(body.is_child !== undefined ? { isChild: body.is_child } : {}),
          ...(body.link_brand !== undefined ? { linkBrand: body.link_brand } : {}),
          ...(body.category_name !== undefined ? { categoryName: body.category_name } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.url_image !== undefined ? { urlImage: body.url_image } : {}),
          ...(codes !== undefined ? { productCodes: codes } : {}),
          ...(body.priority !== undefined ? { priority: body.priority } : {}),
        })
        .where(eq(homeSliders.id, id))
        .returning()
      return row!
    },
  )
  return toSlider(row)
}

export async function deleteSlider(db: Db, id: number, actor: AuditActor) {
  await catalogChange(
    db,
    actor,
    { action: 'slider.delete', targetType: 'slider', targetId: id },
    async (tx) => {
      const [row] = await tx
        .delete(homeSliders)
        .where(eq(homeSliders.id, id))
        .returning({ id: homeSliders.id })
      if (!row) throw notFound()
    },
  )
}

// Brands

export async function listBrands(db: Db): Promise<AdminBrand[]> {
  const rows = await db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      tagline: brands.tagline,
      products: sql<number>`(select count(*) from ${products} p where p.id_brand = ${brands}.id)`.mapWith(
        Number,
      ),
    })
    .from(brands)
    .orderBy(asc(brands.id))
  return rows
}

export async function updateBrand(db: Db, id: number, body: AdminBrandUpdateBody, actor: AuditActor) {
  await catalogChange(
    db,
    actor,
    { action: 'brand.update', targetType: 'brand', targetId: id, changes: { ...body } },
    async (tx) => {
      const [row] = await tx.update(brands).set(body).where(eq(brands.id, id)).returning({ id: brands.id })
      if (!row) throw notFound()
    },
  )
  const brand = (await listBrands(db)).find((b) => b.id === id)
  return brand!
}
