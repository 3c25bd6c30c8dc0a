import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import {
  AppError,
  MemberTokenQuerySchema,
  ORDER_ID_PATTERN,
  RETURN_MESSAGES,
  RETURN_NUMBER_PATTERN,
  ReturnCreatedResponseSchema,
  ReturnListQuerySchema,
  ReturnListResponseSchema,
  ReturnNumberParamsSchema,
  ReturnOptionsResponseSchema,
  ReturnOrderParamsSchema,
  ReturnResponseSchema,
  ReturnTrackingResponseSchema,
  ReturnWaybillBodySchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { enforceLimits } from '../../plugins/rate-limit.ts'
import { reencodeReviewPhoto } from '../reviews/index.ts'
import {
  cancelReturn,
  createReturn,
  listMemberReturns,
  memberReturn,
  returnOptions,
  saveBuyerWaybill,
  trackExchange,
} from './returns.service.ts'
import { readReturnRequest, RETURN_MULTIPART_LIMITS } from './returns.multipart.ts'

const sessionNote =
  'Member or guest-by-phone call (the order lookup’s phone-code session): `token` query parameter or ' +
  '`Authorization: Bearer` (401 CLE001 without a live session). Another shopper’s return or order is 404 RET001.'
/** Return requests per customer per hour: a shopper asks a few, a script many. */
const REQUEST_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 }

/** The buyer's return number from the path, or 404 RET001 for anything that is none. */
const numberOf = (value: string) => {
  const number = value.trim().toUpperCase()
  if (!RETURN_NUMBER_PATTERN.test(number)) throw new AppError('RET001')
  return number
}

/** Returns and size exchanges, the buyer's calls (issue 40, decision 055). Answers are personal. */
export default async function returnsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  privateAnswers(app)
  // Only this plugin parses a return's multipart body, with limits enforced while it streams in.
  await app.register(multipart, { limits: RETURN_MULTIPART_LIMITS })
  const auth = { preValidation: app.requireCustomer }

  app.get(
    '/v1/member/returns/options/:id_sales_header',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary:
          'What of a delivered order can be returned, until when, how the money goes back, and its returns',
        description: `${sessionNote} Lines of a final-sale product or a bundle have returnable_qty 0.`,
        params: ReturnOrderParamsSchema,
        querystring: MemberTokenQuerySchema,
        response: { 200: ReturnOptionsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!ORDER_ID_PATTERN.test(request.params.id_sales_header)) throw new AppError('RET001')
      return envelope(
        await returnOptions(
          db(),
          request.customer.idPelanggan,
          request.params.id_sales_header.toLowerCase(),
          request.language,
        ),
      )
    },
  )

  app.post(
    '/v1/member/returns',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: 'Asks to return pieces of a delivered order for a refund or another size',
        description:
          `${sessionNote} JSON (CreateReturnBody: id_sales_header, resolution REFUND|EXCHANGE, lines of ` +
          '{ sku_product, qty, reason, exchange_sku? }, refund_account { bank, number, holder }, note), or ' +
          'multipart/form-data with the same fields (lines and refund_account as JSON text) and photos img1 to ' +
          'img3 (JPEG, PNG or WebP, at most 5 MB each; required for DEFECT, WRONG_ITEM and NOT_AS_PICTURED: 422 ' +
          'RET006). 409 RET002 before delivery, 409 RET003 after the window, 422 RET004 for final sale or a ' +
          'bundle, 422 RET005 for more units than bought less those already asked back, 422 RET007 without a ' +
          'refund account for an order paid by virtual account, 409 RET008 for an exchange size that cannot be ' +
          'bought now; 429 REQ006 past 20 requests an hour.',
        querystring: MemberTokenQuerySchema,
        response: {
          200: ReturnCreatedResponseSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503),
        },
      },
    },
    async (request) => {
      const idPelanggan = request.customer.idPelanggan
      await enforceLimits(db(), [{ key: `return:${idPelanggan}`, rule: REQUEST_LIMIT }])
      const form = await readReturnRequest(request)
      const photos = []
      for (const bytes of form.photos) photos.push(await reencodeReviewPhoto(bytes))
      const created = await createReturn(db(), app.uploads, {
        idPelanggan,
        body: form.body,
        photos,
        language: request.language,
      })
      return envelope(created, request.say(RETURN_MESSAGES.requested))
    },
  )

  app.get(
    '/v1/member/returns',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: "The caller's returns, newest first (id_sales_header: one order's)",
        description: sessionNote,
        querystring: ReturnListQuerySchema.extend({ token: z.string().optional() }),
        response: { 200: ReturnListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = await listMemberReturns(
        db(),
        request.customer.idPelanggan,
        request.query,
        request.language,
      )
      return pagedEnvelope(page.items, page.totalPages)
    },
  )

  app.get(
    '/v1/member/returns/:return_number',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: 'One of the caller’s returns: its state, lines, refund, where to send it and its timeline',
        description: sessionNote,
        params: ReturnNumberParamsSchema,
        querystring: MemberTokenQuerySchema,
        response: { 200: ReturnResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      envelope(
        await memberReturn(
          db(),
          request.customer.idPelanggan,
          numberOf(request.params.return_number),
          request.language,
        ),
      ),
  )

  app.post(
    '/v1/member/returns/:return_number/cancel',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: 'Cancels a return not yet approved (a second press answers it cancelled)',
        description: `${sessionNote} 409 RET009 once approved, rejected or further.`,
        params: ReturnNumberParamsSchema,
        querystring: MemberTokenQuerySchema,
        response: { 200: ReturnResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      const idPelanggan = request.customer.idPelanggan
      await cancelReturn(db(), idPelanggan, number)
      return envelope(
        await memberReturn(db(), idPelanggan, number, request.language),
        request.say(RETURN_MESSAGES.cancelled),
      )
    },
  )

  app.post(
    '/v1/member/returns/:return_number/waybill',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: 'The courier and waybill of the parcel sent back (while approved; again to correct it)',
        description: `${sessionNote} 409 RET009 unless the return is APPROVED.`,
        params: ReturnNumberParamsSchema,
        querystring: MemberTokenQuerySchema,
        body: ReturnWaybillBodySchema,
        response: { 200: ReturnResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      const idPelanggan = request.customer.idPelanggan
      await saveBuyerWaybill(db(), idPelanggan, number, request.body)
      return envelope(
        await memberReturn(db(), idPelanggan, number, request.language),
        request.say(RETURN_MESSAGES.waybill),
      )
    },
  )

  app.get(
    '/v1/member/returns/:return_number/tracking',
    {
      ...auth,
      schema: {
        tags: ['returns'],
        summary: "The exchange's parcel followed with the courier: its timeline, newest first",
        description: `${sessionNote} 404 TRK002 before the new size ships (or for a refund); 503 TRK001 when the courier cannot be asked.`,
        params: ReturnNumberParamsSchema,
        querystring: MemberTokenQuerySchema,
        response: { 200: ReturnTrackingResponseSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const { entries, tracking } = await trackExchange(
        { db: db(), tracking: app.tracking, config: app.config, log: app.log },
        request.customer.idPelanggan,
        numberOf(request.params.return_number),
        request.language,
      )
      return { ...envelope(entries), tracking }
    },
  )
}
