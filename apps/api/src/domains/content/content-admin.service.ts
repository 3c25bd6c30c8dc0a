import { asc, count, desc, eq } from 'drizzle-orm'
import {
  AppError,
  CAMPAIGN_VOUCHER_CODES,
  shopIsoString,
  type AdminAboutBody,
  type AdminArticle,
  type AdminArticleCreate,
  type AdminArticleUpdate,
  type AdminCampaign,
  type AdminFaqCategory,
  type AdminFaqCategoryCreate,
  type AdminFaqCategoryUpdate,
  type AdminFaqItem,
  type AdminFaqItemCreate,
  type AdminFaqItemUpdate,
  type AdminPage,
  type AdminPageCreate,
  type AdminPageUpdate,
  type AdminStore,
  type AdminStoreCreate,
  type AdminStoreUpdate,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { articles, contentPages, faqCategories, faqItems, stores } from '../../db/schema/index.ts'
import { sanitizeStoredHtml } from '../../safe-html.ts'
import { ABOUT_PAGE_ID } from './content.service.ts'
import { mapEmbedUrl } from './map-embed.ts'
import type { AuditActor } from '../staff/index.ts'
import { campaignSeenCount, clearCampaignSeen } from '../members/index.ts'
import { voucherStandings } from '../promotions/index.ts'
import {
  changed,
  createAudited,
  deleteAudited,
  diff,
  updateAudited,
  type ContentTable,
} from './audited-crud.ts'

/**
 * The back office's content writes (issue 14): help FAQ, articles, the about page, content pages,
 * stores and the campaign popup. Every change runs in one transaction with its audit row and a
 * `catalog` change notice (decision 016: every process drops its cached answers and pages at
 * commit), through the one audited create, update and delete of audited-crud.ts. HTML is stored
 * through the one sanitiser (decision 033); a store's map must be an allow-listed embed (422
 * STF202), and is stored as given, like the seed's.
 */

const clean = (html: string | undefined) => (html === undefined ? undefined : sanitizeStoredHtml(html))

// ---------------------------------------------------------------------------------------------
// FAQ categories

type FaqCategoryRow = typeof faqCategories.$inferSelect

const faqCategoryOf = (row: FaqCategoryRow, questions: number): AdminFaqCategory => ({
  category_code: row.categoryCode,
  name_en: row.nameEn,
  name_id: row.nameId,
  icon: row.icon,
  position: row.position,
  questions,
})

async function questionsIn(db: Db | Transaction, code: string) {
  const [row] = await db.select({ n: count() }).from(faqItems).where(eq(faqItems.categoryCode, code))
  return Number(row?.n ?? 0)
}

export async function listFaqCategoriesAdmin(db: Db): Promise<AdminFaqCategory[]> {
  const rows = await db
    .select({ category: faqCategories, questions: count(faqItems.slug) })
    .from(faqCategories)
    .leftJoin(faqItems, eq(faqItems.categoryCode, faqCategories.categoryCode))
    .groupBy(faqCategories.categoryCode)
    .orderBy(asc(faqCategories.position), asc(faqCategories.categoryCode))
  return rows.map((row) => faqCategoryOf(row.category, Number(row.questions)))
}

const faqCategoryTable: ContentTable<typeof faqCategories, AdminFaqCategory> = {
  table: faqCategories,
  key: faqCategories.categoryCode,
  keyOf: (row) => row.categoryCode,
  targetType: 'faq_category',
  missing: 'CNT001',
  view: async (tx, row) => faqCategoryOf(row, await questionsIn(tx, row.categoryCode)),
  summary: (row) => ({ name_en: row.nameEn }),
  created: (row) => ({ name_en: row.nameEn, name_id: row.nameId }),
}

export async function createFaqCategory(db: Db, body: AdminFaqCategoryCreate, actor: AuditActor) {
  const values = {
    categoryCode: body.category_code,
    nameEn: body.name_en,
    nameId: body.name_id,
    icon: body.icon,
    position: body.position,
  }
  return createAudited(db, faqCategoryTable, values, actor)
}

export async function updateFaqCategory(
  db: Db,
  code: string,
  body: AdminFaqCategoryUpdate,
  actor: AuditActor,
) {
  const set = { nameEn: body.name_en, nameId: body.name_id, icon: body.icon, position: body.position }
  return updateAudited(db, faqCategoryTable, code, set, actor)
}

/** Deletes an empty category; one with questions is 409 STF201 (the questions would go with it). */
export async function deleteFaqCategory(db: Db, code: string, actor: AuditActor) {
  await deleteAudited(db, faqCategoryTable, code, actor, async (tx) => {
    if ((await questionsIn(tx, code)) > 0) throw new AppError('STF201')
  })
}

// ---------------------------------------------------------------------------------------------
// FAQ answers

type FaqItemRow = typeof faqItems.$inferSelect

const faqItemOf = (row: FaqItemRow): AdminFaqItem => ({
  slug: row.slug,
  category_code: row.categoryCode,
  name_en: row.nameEn,
  name_id: row.nameId,
  konten_en: row.kontenEn,
  konten_id: row.kontenId,
  position: row.position,
})

export async function listFaqItemsAdmin(db: Db, categoryCode?: string): Promise<AdminFaqItem[]> {
  const rows = await db
    .select()
    .from(faqItems)
    .where(categoryCode ? eq(faqItems.categoryCode, categoryCode) : undefined)
    .orderBy(asc(faqItems.categoryCode), asc(faqItems.position), asc(faqItems.slug))
  return rows.map(faqItemOf)
}

async function lockCategory(tx: Transaction, code: string) {
  // A key share lock: the category cannot be deleted while this question moves into it.
  const [row] = await tx
    .select({ code: faqCategories.categoryCode })
    .from(faqCategories)
    .where(eq(faqCategories.categoryCode, code))
    .for('key share')
  if (!row) throw new AppError('CNT001')
}

const faqItemTable: ContentTable<typeof faqItems, AdminFaqItem> = {
  table: faqItems,
  key: faqItems.slug,
  keyOf: (row) => row.slug,
  targetType: 'faq_item',
  missing: 'CNT002',
  view: (_tx, row) => faqItemOf(row),
  summary: (row) => ({ category_code: row.categoryCode, name_en: row.nameEn }),
}

export async function createFaqItem(db: Db, body: AdminFaqItemCreate, actor: AuditActor) {
  const values = {
    slug: body.slug,
    categoryCode: body.category_code,
    position: body.position,
    nameEn: body.name_en,
    nameId: body.name_id,
    kontenEn: sanitizeStoredHtml(body.konten_en),
    kontenId: sanitizeStoredHtml(body.konten_id),
  }
  return createAudited(db, faqItemTable, values, actor, (tx) => lockCategory(tx, body.category_code))
}

export async function updateFaqItem(db: Db, slug: string, body: AdminFaqItemUpdate, actor: AuditActor) {
  const set = {
    categoryCode: body.category_code,
    position: body.position,
    nameEn: body.name_en,
    nameId: body.name_id,
    kontenEn: clean(body.konten_en),
    kontenId: clean(body.konten_id),
  }
  return updateAudited(db, faqItemTable, slug, set, actor, async (tx) => {
    if (body.category_code !== undefined) await lockCategory(tx, body.category_code)
  })
}

export async function deleteFaqItem(db: Db, slug: string, actor: AuditActor) {
  await deleteAudited(db, faqItemTable, slug, actor)
}

// ---------------------------------------------------------------------------------------------
// Articles

type ArticleRow = typeof articles.$inferSelect

const articleOf = (row: ArticleRow): AdminArticle => ({
  slug: row.slug,
  icon: row.icon,
  judul_en: row.judulEn,
  judul_id: row.judulId,
  konten_en: row.kontenEn,
  konten_id: row.kontenId,
  published_at: shopIsoString(row.publishedAt)!,
})

export async function listArticlesAdmin(db: Db): Promise<AdminArticle[]> {
  const rows = await db.select().from(articles).orderBy(desc(articles.publishedAt), asc(articles.slug))
  return rows.map(articleOf)
}

const articleTable: ContentTable<typeof articles, AdminArticle> = {
  table: articles,
  key: articles.slug,
  keyOf: (row) => row.slug,
  targetType: 'article',
  missing: 'CNT003',
  view: (_tx, row) => articleOf(row),
  summary: (row) => ({ judul_en: row.judulEn }),
}

export async function createArticle(db: Db, body: AdminArticleCreate, actor: AuditActor) {
  const values = {
    slug: body.slug,
    icon: body.icon,
    judulEn: body.judul_en,
    judulId: body.judul_id,
    kontenEn: sanitizeStoredHtml(body.konten_en),
    kontenId: sanitizeStoredHtml(body.konten_id),
    ...(body.published_at ? { publishedAt: new Date(body.published_at) } : {}),
  }
  return createAudited(db, articleTable, values, actor)
}

export async function updateArticle(db: Db, slug: string, body: AdminArticleUpdate, actor: AuditActor) {
  const set = {
    icon: body.icon,
    judulEn: body.judul_en,
    judulId: body.judul_id,
    kontenEn: clean(body.konten_en),
    kontenId: clean(body.konten_id),
    publishedAt: body.published_at === undefined ? undefined : new Date(body.published_at),
  }
  return updateAudited(db, articleTable, slug, set, actor)
}

export async function deleteArticle(db: Db, slug: string, actor: AuditActor) {
  await deleteAudited(db, articleTable, slug, actor)
}

// ---------------------------------------------------------------------------------------------
// Content pages and the about page

type PageRow = typeof contentPages.$inferSelect

const pageOf = (row: PageRow): AdminPage => ({
  id: row.id,
  judul_en: row.judulEn,
  judul_id: row.judulId,
  konten_en: row.kontenEn,
  konten_id: row.kontenId,
})

/** Every content page but the about page (edited at …/content/about). */
export async function listPagesAdmin(db: Db): Promise<AdminPage[]> {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.id))
  return rows.filter((row) => row.id !== ABOUT_PAGE_ID).map(pageOf)
}

export async function getPageAdmin(db: Db, id: string): Promise<AdminPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id))
  if (!row) throw new AppError('CNT004')
  return pageOf(row)
}

const pageTable: ContentTable<typeof contentPages, AdminPage> = {
  table: contentPages,
  key: contentPages.id,
  keyOf: (row) => row.id,
  targetType: 'content_page',
  missing: 'CNT004',
  view: (_tx, row) => pageOf(row),
  summary: (row) => ({ judul_en: row.judulEn }),
}

export async function createPage(db: Db, body: AdminPageCreate, actor: AuditActor) {
  if (body.id === ABOUT_PAGE_ID) throw new AppError('STF205')
  const values = {
    id: body.id,
    judulEn: body.judul_en,
    judulId: body.judul_id,
    kontenEn: sanitizeStoredHtml(body.konten_en),
    kontenId: sanitizeStoredHtml(body.konten_id),
  }
  return createAudited(db, pageTable, values, actor)
}

export async function updatePage(db: Db, id: string, body: AdminPageUpdate, actor: AuditActor) {
  const set = {
    judulEn: body.judul_en,
    judulId: body.judul_id,
    kontenEn: clean(body.konten_en),
    kontenId: clean(body.konten_id),
  }
  return updateAudited(db, pageTable, id, set, actor)
}

export async function deletePage(db: Db, id: string, actor: AuditActor) {
  if (id === ABOUT_PAGE_ID) throw new AppError('STF205')
  await deleteAudited(db, pageTable, id, actor)
}

/** The about page (the content page 'about'), made with a default title when it does not exist yet. */
export async function putAbout(db: Db, body: AdminAboutBody, actor: AuditActor): Promise<AdminPage> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, ABOUT_PAGE_ID))
      .for('update')
    const set = {
      judulEn: body.judul_en ?? before?.judulEn ?? 'About us',
      judulId: body.judul_id ?? before?.judulId ?? 'Tentang kami',
      kontenEn: sanitizeStoredHtml(body.konten_en),
      kontenId: sanitizeStoredHtml(body.konten_id),
    }
    const [row] = await tx
      .insert(contentPages)
      .values({ id: ABOUT_PAGE_ID, ...set })
      .onConflictDoUpdate({ target: contentPages.id, set })
      .returning()
    await changed(tx, actor, {
      action: before ? 'content.update' : 'content.create',
      targetType: 'content_page',
      targetId: ABOUT_PAGE_ID,
      changes: before ? diff(before, set) : { judul_en: set.judulEn },
    })
    return pageOf(row!)
  })
}

// ---------------------------------------------------------------------------------------------
// Stores

type StoreRow = typeof stores.$inferSelect

const storeOf = (row: StoreRow): AdminStore => ({
  id: row.id,
  id_brand: row.idBrand,
  name: row.name,
  address: row.address,
  city: row.city,
  whatsapp: row.whatsapp,
  map_embed: row.mapEmbed,
  map_url: mapEmbedUrl(row.mapEmbed),
  position: row.position,
})

/** A map field must be empty or yield an allow-listed embed URL (decision 033); else 422 STF202. */
function checkedMap(mapEmbed: string | undefined): string | undefined {
  if (mapEmbed === undefined || mapEmbed === '') return mapEmbed
  if (!mapEmbedUrl(mapEmbed)) throw new AppError('STF202')
  return mapEmbed
}

/**
 * A store's brand is checked by the foreign key stores.id_brand → brands (the catalog's table,
 * issue 42: content does not read it, and the catalog imports content): an unknown brand is 422 STF204.
 */
async function withKnownBrand<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
    const code = e?.code ?? e?.cause?.code
    const constraint = e?.constraint ?? e?.cause?.constraint
    if (code === '23503' && (constraint === undefined || constraint === 'stores_id_brand_brands_id_fk')) {
      throw new AppError('STF204')
    }
    throw error
  }
}

export async function listStoresAdmin(db: Db, idBrand?: number): Promise<AdminStore[]> {
  const rows = await db
    .select()
    .from(stores)
    .where(idBrand === undefined ? undefined : eq(stores.idBrand, idBrand))
    .orderBy(asc(stores.idBrand), asc(stores.position), asc(stores.id))
  return rows.map(storeOf)
}

const storeTable: ContentTable<typeof stores, AdminStore> = {
  table: stores,
  key: stores.id,
  keyOf: (row) => row.id,
  targetType: 'store',
  missing: 'STF203',
  view: (_tx, row) => storeOf(row),
  summary: (row) => ({ name: row.name, id_brand: row.idBrand }),
}

export async function createStore(db: Db, body: AdminStoreCreate, actor: AuditActor) {
  const values = {
    idBrand: body.id_brand,
    name: body.name,
    address: body.address,
    city: body.city,
    whatsapp: body.whatsapp,
    mapEmbed: checkedMap(body.map_embed) ?? '',
    position: body.position,
  }
  return withKnownBrand(createAudited(db, storeTable, values, actor))
}

export async function updateStore(db: Db, id: number, body: AdminStoreUpdate, actor: AuditActor) {
  const set = {
    idBrand: body.id_brand,
    name: body.name,
    address: body.address,
    city: body.city,
    whatsapp: body.whatsapp,
    mapEmbed: checkedMap(body.map_embed),
    position: body.position,
  }
  return withKnownBrand(updateAudited(db, storeTable, id, set, actor))
}

export async function deleteStore(db: Db, id: number, actor: AuditActor) {
  await deleteAudited(db, storeTable, id, actor)
}

// ---------------------------------------------------------------------------------------------
// The campaign popup

/**
 * The campaign popup as it stands (decision 034): its three vouchers (edited with the vouchers
 * calls) with whether GET /api/v1/member/campaign lists each now, and how many members closed it.
 */
export async function campaignStatus(db: Db, now = new Date()): Promise<AdminCampaign> {
  const [rows, seen] = await Promise.all([
    voucherStandings(db, CAMPAIGN_VOUCHER_CODES, now),
    campaignSeenCount(db),
  ])
  return {
    vouchers: CAMPAIGN_VOUCHER_CODES.map((code) => {
      const row = rows.find((voucher) => voucher.code === code)
      return {
        code,
        exists: !!row,
        name: row?.name ?? null,
        active: row?.active ?? false,
        starts_at: shopIsoString(row?.startsAt ?? null),
        ends_at: shopIsoString(row?.endsAt ?? null),
        usage_limit: row?.usageLimit ?? null,
        used_count: row?.usedCount ?? 0,
        shown_now: row?.usableNow ?? false,
      }
    }),
    members_seen: seen,
  }
}

/**
 * A new campaign: every member's "seen" flag (is_campaign) is cleared, so the popup opens again
 * for everyone at their next sign-in.
 */
export async function showCampaignAgain(db: Db, actor: AuditActor): Promise<{ members_reset: number }> {
  return db.transaction(async (tx) => {
    const reset = await clearCampaignSeen(tx)
    await changed(tx, actor, {
      action: 'campaign.show_again',
      targetType: 'campaign',
      targetId: 'popup',
      changes: { members_reset: reset },
    })
    return { members_reset: reset }
  })
}
