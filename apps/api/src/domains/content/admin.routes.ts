import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  ADMIN_CONTENT_MESSAGES,
  AdminAboutBodySchema,
  AdminArticleCreateSchema,
  AdminArticleResponseSchema,
  AdminArticleUpdateSchema,
  AdminArticlesResponseSchema,
  AdminCampaignResponseSchema,
  AdminCampaignShowAgainResponseSchema,
  AdminFaqCategoriesResponseSchema,
  AdminFaqCategoryCreateSchema,
  AdminFaqCategoryParamsSchema,
  AdminFaqCategoryResponseSchema,
  AdminFaqCategoryUpdateSchema,
  AdminFaqItemCreateSchema,
  AdminFaqItemResponseSchema,
  AdminFaqItemUpdateSchema,
  AdminFaqItemsQuerySchema,
  AdminFaqItemsResponseSchema,
  AdminPageCreateSchema,
  AdminPageParamsSchema,
  AdminPageResponseSchema,
  AdminPageUpdateSchema,
  AdminPagesResponseSchema,
  AdminSlugParamsSchema,
  AdminStoreCreateSchema,
  AdminStoreParamsSchema,
  AdminStoreResponseSchema,
  AdminStoreUpdateSchema,
  AdminStoresQuerySchema,
  AdminStoresResponseSchema,
  StaffEmptyResponseSchema,
  type StaffRole,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { ABOUT_PAGE_ID } from './content.service.ts'
import {
  campaignStatus,
  createArticle,
  createFaqCategory,
  createFaqItem,
  createPage,
  createStore,
  deleteArticle,
  deleteFaqCategory,
  deleteFaqItem,
  deletePage,
  deleteStore,
  getPageAdmin,
  listArticlesAdmin,
  listFaqCategoriesAdmin,
  listFaqItemsAdmin,
  listPagesAdmin,
  listStoresAdmin,
  putAbout,
  showCampaignAgain,
  updateArticle,
  updateFaqCategory,
  updateFaqItem,
  updatePage,
  updateStore,
} from './content-admin.service.ts'
import { staffCallNote, staffScope } from '../staff/index.ts'

/** Content is marketing's (and the owner's). */
const ROLES = {
  content: ['owner', 'marketing'],
} as const satisfies Record<string, readonly StaffRole[]>

const contentNote = `${staffCallNote(ROLES.content)} Every change is audited and drops the cached shop pages.`

/**
 * The back office's content calls (/api/admin/v1/content/…): thin routes over
 * content-admin.service.ts.
 */
export default async function staffContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { staffOnly, auditActorOf } = await staffScope(app)
  const db = app.database.db
  const actor = (request: FastifyRequest) => auditActorOf(request)

  app.get(
    '/v1/content/faq-categories',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'FAQ categories with both languages and their question counts',
        description: `${contentNote} By position.`,
        response: { 200: AdminFaqCategoriesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listFaqCategoriesAdmin(db)),
  )

  app.post(
    '/v1/content/faq-categories',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Add a FAQ category',
        description: `${contentNote} A code already used: 409 STF200.`,
        body: AdminFaqCategoryCreateSchema,
        response: { 200: AdminFaqCategoryResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      envelope(
        await createFaqCategory(db, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/content/faq-categories/:category_code',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: "Change a FAQ category's names, icon or position",
        description: `${contentNote} Unknown code: 404 CNT001.`,
        params: AdminFaqCategoryParamsSchema,
        body: AdminFaqCategoryUpdateSchema,
        response: { 200: AdminFaqCategoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateFaqCategory(db, request.params.category_code, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/content/faq-categories/:category_code',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Delete an empty FAQ category',
        description: `${contentNote} With questions: 409 STF201; unknown: 404 CNT001.`,
        params: AdminFaqCategoryParamsSchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteFaqCategory(db, request.params.category_code, actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/content/faq-items',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'FAQ questions and answers (stored, sanitised HTML), optionally of one category',
        description: `${contentNote}`,
        querystring: AdminFaqItemsQuerySchema,
        response: { 200: AdminFaqItemsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope(await listFaqItemsAdmin(db, request.query.category_code)),
  )

  app.post(
    '/v1/content/faq-items',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Add a FAQ question with its answer (HTML sanitised before it is stored)',
        description: `${contentNote} Unknown category: 404 CNT001; a slug already used: 409 STF200.`,
        body: AdminFaqItemCreateSchema,
        response: { 200: AdminFaqItemResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await createFaqItem(db, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/content/faq-items/:slug',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Change a FAQ question, its answer, category or position',
        description: `${contentNote} Unknown slug: 404 CNT002; unknown category: 404 CNT001.`,
        params: AdminSlugParamsSchema,
        body: AdminFaqItemUpdateSchema,
        response: { 200: AdminFaqItemResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateFaqItem(db, request.params.slug, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/content/faq-items/:slug',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Delete a FAQ question',
        description: `${contentNote} Unknown slug: 404 CNT002.`,
        params: AdminSlugParamsSchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteFaqItem(db, request.params.slug, actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/content/articles',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Articles, newest first, with both languages',
        description: `${contentNote}`,
        response: { 200: AdminArticlesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listArticlesAdmin(db)),
  )

  app.post(
    '/v1/content/articles',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Add an article (HTML sanitised before it is stored)',
        description: `${contentNote} published_at defaults to now. A slug already used: 409 STF200.`,
        body: AdminArticleCreateSchema,
        response: { 200: AdminArticleResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      envelope(
        await createArticle(db, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/content/articles/:slug',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Change an article',
        description: `${contentNote} Unknown slug: 404 CNT003.`,
        params: AdminSlugParamsSchema,
        body: AdminArticleUpdateSchema,
        response: { 200: AdminArticleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateArticle(db, request.params.slug, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/content/articles/:slug',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Delete an article',
        description: `${contentNote} Unknown slug: 404 CNT003.`,
        params: AdminSlugParamsSchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteArticle(db, request.params.slug, actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/content/about',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: "The about page (content page 'about') with both languages",
        description: `${contentNote} Not written yet: 404 CNT004.`,
        response: { 200: AdminPageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async () => envelope(await getPageAdmin(db, ABOUT_PAGE_ID)),
  )

  app.put(
    '/v1/content/about',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Write the about page (HTML sanitised before it is stored)',
        description: `${contentNote} Made when missing (title About us / Tentang kami unless given).`,
        body: AdminAboutBodySchema,
        response: { 200: AdminPageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      envelope(await putAbout(db, request.body, actor(request)), request.say(ADMIN_CONTENT_MESSAGES.updated)),
  )

  app.get(
    '/v1/content/pages',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary:
          'Content pages (terms, privacy, returns…) with both languages; the about page is at …/content/about',
        description: `${contentNote}`,
        response: { 200: AdminPagesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listPagesAdmin(db)),
  )

  app.post(
    '/v1/content/pages',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Add a content page (GET /api/v1/pages/page/{id})',
        description: `${contentNote} An id already used: 409 STF200; 'about': 409 STF205.`,
        body: AdminPageCreateSchema,
        response: { 200: AdminPageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      envelope(
        await createPage(db, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/content/pages/:id',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Change a content page',
        description: `${contentNote} Unknown id: 404 CNT004.`,
        params: AdminPageParamsSchema,
        body: AdminPageUpdateSchema,
        response: { 200: AdminPageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updatePage(db, request.params.id, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/content/pages/:id',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Delete a content page',
        description: `${contentNote} Unknown id: 404 CNT004; 'about': 409 STF205.`,
        params: AdminPageParamsSchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deletePage(db, request.params.id, actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/content/stores',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Stores (all brands, or id_brand), with the stored map field and the map URL the shop shows',
        description: `${contentNote}`,
        querystring: AdminStoresQuerySchema,
        response: { 200: AdminStoresResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope(await listStoresAdmin(db, request.query.id_brand)),
  )

  app.post(
    '/v1/content/stores',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Add a store',
        description: `${contentNote} map_embed: empty, or the embed code or URL of Google Maps or OpenStreetMap (decision 033), else 422 STF202. A brand not in the shop: 422 STF204.`,
        body: AdminStoreCreateSchema,
        response: { 200: AdminStoreResponseSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      envelope(
        await createStore(db, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/content/stores/:id',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Change a store',
        description: `${contentNote} As POST; unknown id: 404 STF203.`,
        params: AdminStoreParamsSchema,
        body: AdminStoreUpdateSchema,
        response: { 200: AdminStoreResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await updateStore(db, request.params.id, request.body, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/content/stores/:id',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: 'Delete a store',
        description: `${contentNote} Unknown id: 404 STF203.`,
        params: AdminStoreParamsSchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteStore(db, request.params.id, actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/content/campaign',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary:
          'The campaign popup: its three vouchers (edited with the voucher calls), whether each shows now, and how many members closed it',
        description: `${contentNote}`,
        response: { 200: AdminCampaignResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await campaignStatus(db)),
  )

  app.post(
    '/v1/content/campaign/show-again',
    {
      preValidation: staffOnly(ROLES.content),
      schema: {
        tags: ['staff-content'],
        summary: "A new campaign: clear every member's seen flag (is_campaign) so the popup opens again",
        description: `${contentNote}`,
        response: { 200: AdminCampaignShowAgainResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      envelope(
        await showCampaignAgain(db, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.campaignShownAgain),
      ),
  )
}
