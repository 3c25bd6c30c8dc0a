import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AboutResponseSchema,
  ArticleParamsSchema,
  ArticleResponseSchema,
  ArticlesResponseSchema,
  ContentPageParamsSchema,
  ContentPageResponseSchema,
  ErrorEnvelopeSchema,
  FaqAnswerParamsSchema,
  FaqAnswerQuerySchema,
  FaqAnswerResponseSchema,
  FaqCategoriesResponseSchema,
  FaqQuestionsQuerySchema,
  FaqQuestionsResponseSchema,
  OfflineStoreQuerySchema,
  OfflineStoreResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import {
  ABOUT_PAGE_ID,
  getArticle,
  getContentPage,
  getFaqAnswer,
  listArticles,
  listFaqCategories,
  listFaqQuestions,
  listStores,
} from './content.service.ts'

const notFound = errorResponses(400, 404)
const languageNote =
  'Text in the language of Accept-Language (Indonesian for id, else English). HTML fields are sanitised ' +
  'with one allow-list (decision 033). Public: `Cache-Control: public, max-age=60`, varying by language.'

/** Public, shared by everyone asking in the same language for the same brand. */
function publicAnswer(reply: FastifyReply) {
  reply
    .header('cache-control', 'public, max-age=60, stale-while-revalidate=300')
    .header('vary', 'x-brand-id, accept-language, accept-encoding')
}

/**
 * Help FAQ, articles, about, content pages and the store locator (docs/product/account.md §7; decision 033).
 * Every answer is public; none depends on a member.
 */
export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  const tags = ['content']

  app.get(
    '/v1/pages/kategori_bantuan',
    {
      schema: {
        tags,
        summary: 'Help categories (FAQ): category_code, name, icon',
        description: languageNote,
        response: { 200: FaqCategoriesResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      publicAnswer(reply)
      return envelope(await listFaqCategories(db(), request.language))
    },
  )

  app.get(
    '/v1/pages/bantuan',
    {
      schema: {
        tags,
        summary: "A help category's questions: slug, name",
        description: `404 CNT001 for an unknown category_code. ${languageNote}`,
        querystring: FaqQuestionsQuerySchema,
        response: { 200: FaqQuestionsResponseSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const questions = await listFaqQuestions(db(), request.query.category_code, request.language)
      publicAnswer(reply)
      return envelope(questions)
    },
  )

  app.get(
    '/v1/pages/bantuan/:slug',
    {
      schema: {
        tags,
        summary: "A question's answer: slug, name, konten (HTML)",
        description: `404 CNT002 for an unknown slug or one outside the given category_code. ${languageNote}`,
        params: FaqAnswerParamsSchema,
        querystring: FaqAnswerQuerySchema,
        response: { 200: FaqAnswerResponseSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const answer = await getFaqAnswer(
        db(),
        request.params.slug,
        request.query.category_code,
        request.language,
      )
      publicAnswer(reply)
      return envelope(answer)
    },
  )

  app.get(
    '/v1/pages/artikel',
    {
      schema: {
        tags,
        summary: 'Articles, newest first: judul, icon, konten (HTML), slug',
        description: languageNote,
        response: { 200: ArticlesResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      publicAnswer(reply)
      return envelope(await listArticles(db(), request.language))
    },
  )

  app.get(
    '/v1/pages/artikel/:slug',
    {
      schema: {
        tags,
        summary: 'One article',
        description: `404 CNT003 for an unknown slug. ${languageNote}`,
        params: ArticleParamsSchema,
        response: { 200: ArticleResponseSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const article = await getArticle(db(), request.params.slug, request.language)
      publicAnswer(reply)
      return envelope(article)
    },
  )

  app.get(
    '/v1/pages/about',
    {
      schema: {
        tags,
        summary: 'The about text: data.about (HTML)',
        description: languageNote,
        response: { 200: AboutResponseSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const page = await getContentPage(db(), ABOUT_PAGE_ID, request.language)
      publicAnswer(reply)
      return envelope({ about: page.konten })
    },
  )

  app.get(
    '/v1/pages/page/:id',
    {
      schema: {
        tags,
        summary: 'A content page (/pages/{id}): id, judul, konten (HTML)',
        description:
          'Our path: docs/product lists the /pages/{id} screen but not its call. Ids such as terms-and-conditions, ' +
          `privacy-policy, returns-policy. 404 CNT004 for an unknown id. ${languageNote}`,
        params: ContentPageParamsSchema,
        response: { 200: ContentPageResponseSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const page = await getContentPage(db(), request.params.id, request.language)
      publicAnswer(reply)
      return envelope(page)
    },
  )

  app.get(
    '/v3/offline-store',
    {
      schema: {
        tags,
        summary: "A page of a brand's offline stores, searchable by keyword",
        description:
          '`id_brand` defaults to the brand id header; `keyword` matches name, address or city. An empty `data` ' +
          "is 'Store Not Found'. `map_embed` is an iframe the API writes around `map_url`, the stored map field's " +
          "allow-listed map embed URL (Google Maps or OpenStreetMap embeds), or '' ('Maps Not Found'). Public.",
        querystring: OfflineStoreQuerySchema,
        response: { 200: OfflineStoreResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { stores, totalPages } = await listStores(db(), {
        brandId: request.query.id_brand ?? request.brandId,
        page: request.query.page,
        keyword: request.query.keyword || undefined,
      })
      publicAnswer(reply)
      return pagedEnvelope(stores, totalPages)
    },
  )
}
