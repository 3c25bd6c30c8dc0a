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
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { crudRoutes, type ContentScope } from './crud-routes.ts'
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

const contentNote = `${staffCallNote('content.manage')} Every change is audited and drops the cached shop pages.`

/**
 * The back office's content calls (/api/admin/v1/content/…): thin routes over
 * content-admin.service.ts. Each table's list, create, update and delete come from one table of
 * summaries, schemas and service functions (crud-routes.ts); the about page and the campaign
 * popup are calls of their own.
 */
export default async function staffContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { staffOnly, auditActorOf } = await staffScope(app)
  const db = app.database.db
  const actor = (request: FastifyRequest) => auditActorOf(request)
  const scope: ContentScope = {
    preValidation: staffOnly('content.manage'),
    tags: ['staff-content'],
    note: contentNote,
    db,
    actor,
  }

  crudRoutes(app, scope, {
    path: '/v1/content/faq-categories',
    params: AdminFaqCategoryParamsSchema,
    key: 'category_code',
    one: AdminFaqCategoryResponseSchema,
    list: {
      summary: 'FAQ categories with both languages and their question counts',
      notes: 'By position.',
      response: AdminFaqCategoriesResponseSchema,
      errors: [401, 403],
      run: listFaqCategoriesAdmin,
    },
    create: {
      summary: 'Add a FAQ category',
      notes: 'A code already used: 409 STF200.',
      body: AdminFaqCategoryCreateSchema,
      errors: [400, 401, 403, 409],
      run: createFaqCategory,
    },
    update: {
      summary: "Change a FAQ category's names, icon or position",
      notes: 'Unknown code: 404 CNT001.',
      body: AdminFaqCategoryUpdateSchema,
      errors: [400, 401, 403, 404],
      run: updateFaqCategory,
    },
    remove: {
      summary: 'Delete an empty FAQ category',
      notes: 'With questions: 409 STF201; unknown: 404 CNT001.',
      errors: [400, 401, 403, 404, 409],
      run: deleteFaqCategory,
    },
  })

  crudRoutes(app, scope, {
    path: '/v1/content/faq-items',
    params: AdminSlugParamsSchema,
    key: 'slug',
    one: AdminFaqItemResponseSchema,
    list: {
      summary: 'FAQ questions and answers (stored, sanitised HTML), optionally of one category',
      query: AdminFaqItemsQuerySchema,
      response: AdminFaqItemsResponseSchema,
      errors: [400, 401, 403],
      run: (db, query) => listFaqItemsAdmin(db, query.category_code),
    },
    create: {
      summary: 'Add a FAQ question with its answer (HTML sanitised before it is stored)',
      notes: 'Unknown category: 404 CNT001; a slug already used: 409 STF200.',
      body: AdminFaqItemCreateSchema,
      errors: [400, 401, 403, 404, 409],
      run: createFaqItem,
    },
    update: {
      summary: 'Change a FAQ question, its answer, category or position',
      notes: 'Unknown slug: 404 CNT002; unknown category: 404 CNT001.',
      body: AdminFaqItemUpdateSchema,
      errors: [400, 401, 403, 404],
      run: updateFaqItem,
    },
    remove: {
      summary: 'Delete a FAQ question',
      notes: 'Unknown slug: 404 CNT002.',
      errors: [400, 401, 403, 404],
      run: deleteFaqItem,
    },
  })

  crudRoutes(app, scope, {
    path: '/v1/content/articles',
    params: AdminSlugParamsSchema,
    key: 'slug',
    one: AdminArticleResponseSchema,
    list: {
      summary: 'Articles, newest first, with both languages',
      response: AdminArticlesResponseSchema,
      errors: [401, 403],
      run: listArticlesAdmin,
    },
    create: {
      summary: 'Add an article (HTML sanitised before it is stored)',
      notes: 'published_at defaults to now. A slug already used: 409 STF200.',
      body: AdminArticleCreateSchema,
      errors: [400, 401, 403, 409],
      run: createArticle,
    },
    update: {
      summary: 'Change an article',
      notes: 'Unknown slug: 404 CNT003.',
      body: AdminArticleUpdateSchema,
      errors: [400, 401, 403, 404],
      run: updateArticle,
    },
    remove: {
      summary: 'Delete an article',
      notes: 'Unknown slug: 404 CNT003.',
      errors: [400, 401, 403, 404],
      run: deleteArticle,
    },
  })

  app.get(
    '/v1/content/about',
    {
      preValidation: staffOnly('content.manage'),
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
      preValidation: staffOnly('content.manage'),
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

  crudRoutes(app, scope, {
    path: '/v1/content/pages',
    params: AdminPageParamsSchema,
    key: 'id',
    one: AdminPageResponseSchema,
    list: {
      summary:
        'Content pages (terms, privacy, returns…) with both languages; the about page is at …/content/about',
      response: AdminPagesResponseSchema,
      errors: [401, 403],
      run: listPagesAdmin,
    },
    create: {
      summary: 'Add a content page (GET /api/v1/pages/page/{id})',
      notes: "An id already used: 409 STF200; 'about': 409 STF205.",
      body: AdminPageCreateSchema,
      errors: [400, 401, 403, 409],
      run: createPage,
    },
    update: {
      summary: 'Change a content page',
      notes: 'Unknown id: 404 CNT004.',
      body: AdminPageUpdateSchema,
      errors: [400, 401, 403, 404],
      run: updatePage,
    },
    remove: {
      summary: 'Delete a content page',
      notes: "Unknown id: 404 CNT004; 'about': 409 STF205.",
      errors: [400, 401, 403, 404, 409],
      run: deletePage,
    },
  })

  crudRoutes(app, scope, {
    path: '/v1/content/stores',
    params: AdminStoreParamsSchema,
    key: 'id',
    one: AdminStoreResponseSchema,
    list: {
      summary: 'Stores (all brands, or id_brand), with the stored map field and the map URL the shop shows',
      query: AdminStoresQuerySchema,
      response: AdminStoresResponseSchema,
      errors: [400, 401, 403],
      run: (db, query) => listStoresAdmin(db, query.id_brand),
    },
    create: {
      summary: 'Add a store',
      notes:
        'map_embed: empty, or the embed code or URL of Google Maps or OpenStreetMap (decision 033), else 422 STF202. A brand not in the shop: 422 STF204.',
      body: AdminStoreCreateSchema,
      errors: [400, 401, 403, 422],
      run: createStore,
    },
    update: {
      summary: 'Change a store',
      notes: 'As POST; unknown id: 404 STF203.',
      body: AdminStoreUpdateSchema,
      errors: [400, 401, 403, 404, 422],
      run: updateStore,
    },
    remove: {
      summary: 'Delete a store',
      notes: 'Unknown id: 404 STF203.',
      errors: [400, 401, 403, 404],
      run: deleteStore,
    },
  })

  app.get(
    '/v1/content/campaign',
    {
      preValidation: staffOnly('content.manage'),
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
      preValidation: staffOnly('content.manage'),
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
