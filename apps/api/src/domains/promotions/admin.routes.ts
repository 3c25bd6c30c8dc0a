import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminVoucherDetailResponseSchema,
  AdminVoucherListResponseSchema,
  AdminVoucherResponseSchema,
  OPS_MESSAGES,
  VoucherCreateBodySchema,
  VoucherIdParamsSchema,
  VoucherListQuerySchema,
  VoucherUpdateBodySchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote as rolesNote, staffScope } from '../staff/index.ts'
import type { PromotionsOptions } from './order-headers.ts'
import { createVoucher, listVouchers, updateVoucher, voucherDetail } from './vouchers-admin.service.ts'

/** The back office's voucher calls under /api/admin/v1: list, detail, create, edit, pause, resume. */
export default async function promotionsAdminRoutes(
  fastify: FastifyInstance,
  { orderHeaders, catalogTargets }: PromotionsOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf } = await staffScope(app)

  app.get(
    '/v1/vouchers',
    {
      preValidation: staffOnly('vouchers.manage'),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Vouchers, newest first, with their uses (used_count) and state; paged',
        description:
          `${rolesNote('vouchers.manage')} q: part of the code or name; state: paused, scheduled, running, expired ` +
          'or used_up.',
        querystring: VoucherListQuerySchema,
        response: { 200: AdminVoucherListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listVouchers(db, request.query)
      return pagedEnvelope(page.vouchers, page.totalPages)
    },
  )

  app.get(
    '/v1/vouchers/:id',
    {
      preValidation: staffOnly('vouchers.manage'),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'One voucher with its redemptions and the orders that took them',
        description: `${rolesNote('vouchers.manage')} Unknown id: 404 STF154.`,
        params: VoucherIdParamsSchema,
        response: { 200: AdminVoucherDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await voucherDetail(db, orderHeaders, request.params.id)),
  )

  app.post(
    '/v1/vouchers',
    {
      preValidation: staffOnly('vouchers.manage'),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Create a voucher (FIXED, PERCENTAGE or SHIPPING; the checkout’s rules, decision 018)',
        description:
          `${rolesNote('vouchers.manage')} code: 3 to 32 letters, digits, - or _ (upper-cased); a taken code 409 ` +
          'STF155. A percentage at most 100; ends_at after starts_at. paused: true makes it now and resumes later. ' +
          'Rules (decision 058, all optional): per_customer_limit (uses per member or guest phone, default 1), brands and categories (ids) and products (codes) it counts, first_order_only, and min_purchase on the lines it counts; a brand, category or product the catalog does not have 422 STF162.',
        body: VoucherCreateBodySchema,
        response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) =>
      envelope(
        await createVoucher(db, request.body, actorOf(request), catalogTargets),
        request.say(OPS_MESSAGES.voucherCreated),
      ),
  )

  app.patch(
    '/v1/vouchers/:id',
    {
      preValidation: staffOnly('vouchers.manage'),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Edit a voucher’s terms (the code stays); only the fields given change',
        description:
          `${rolesNote('vouchers.manage')} Checked with the stored terms: a percentage above 100 or an end before ` +
          'the start 400; a usage_limit below used_count 409 STF156. Unknown id 404 STF154. Orders already ' +
          'placed keep their discount. ' +
          'Rules (decision 058, all optional): per_customer_limit (uses per member or guest phone, default 1), brands and categories (ids) and products (codes) it counts, first_order_only, and min_purchase on the lines it counts; a brand, category or product the catalog does not have 422 STF162.',
        params: VoucherIdParamsSchema,
        body: VoucherUpdateBodySchema,
        response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      envelope(
        await updateVoucher(
          db,
          request.params.id,
          request.body,
          actorOf(request),
          'voucher.update',
          catalogTargets,
        ),
        request.say(OPS_MESSAGES.voucherUpdated),
      ),
  )

  for (const [path, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/v1/vouchers/:id/${path}`,
      {
        preValidation: staffOnly('vouchers.manage'),
        schema: {
          tags: ['staff: vouchers'],
          summary: paused
            ? 'Pause a voucher: checkout refuses it at once (404 PRM001, as an unknown code)'
            : 'Resume a paused voucher: checkout accepts it again (its dates and limits still apply)',
          description: `${rolesNote('vouchers.manage')} Again on a voucher already ${paused ? 'paused' : 'running'}: unchanged, no audit row.`,
          params: VoucherIdParamsSchema,
          response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        envelope(
          await updateVoucher(
            db,
            request.params.id,
            { paused },
            actorOf(request),
            paused ? 'voucher.pause' : 'voucher.resume',
          ),
          request.say(paused ? OPS_MESSAGES.voucherPaused : OPS_MESSAGES.voucherResumed),
        ),
    )
  }
}
