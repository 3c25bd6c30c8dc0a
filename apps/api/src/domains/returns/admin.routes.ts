import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AppError,
  can,
  RETURN_MESSAGES,
  RETURN_NUMBER_PATTERN,
  ReturnNumberParamsSchema,
  ReturnSettingsResponseSchema,
  ReturnSettingsSchema,
  StaffReturnApproveBodySchema,
  StaffReturnListQuerySchema,
  StaffReturnListResponseSchema,
  StaffReturnReceiveBodySchema,
  StaffReturnRefundBodySchema,
  StaffReturnRejectBodySchema,
  StaffReturnResponseSchema,
  StaffReturnShipBodySchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote as rolesNote, staffScope } from '../staff/index.ts'
import { listStaffReturns, staffReturn } from './returns.service.ts'
import { approveReturn, receiveReturn, refundReturn, rejectReturn, shipExchange } from './staff-moves.ts'
import { saveReturnSettings } from './settings.ts'
import { returnSettingsOf } from './returns.service.ts'

/**
 * The back office's return calls under /api/admin/v1 (issue 40): the queue, one return, and the
 * moves (approve, reject, receive, refund, ship), each with its audit row in the move's transaction.
 */
export default async function returnsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf, signedIn } = await staffScope(app)
  const numberOf = (value: string) => {
    const number = value.trim().toUpperCase()
    if (!RETURN_NUMBER_PATTERN.test(number)) throw new AppError('RET001')
    return number
  }
  const moveOf = (request: FastifyRequest) => ({
    actor: auditActorOf(request),
    who: `staff:${signedIn(request).email}`,
  })
  const paymentContext = () => ({ db, payments: app.payments, config: app.config, log: app.log })
  const view = (request: FastifyRequest, number: string) =>
    staffReturn(db, number, { showAccount: can(signedIn(request).role, 'returns.refund') })
  const tag = 'staff: returns'
  const answer = { 200: StaffReturnResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) }

  app.get(
    '/v1/returns',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary:
          'Returns, paged: by state (oldest first within one) and resolution; search by number, order or buyer',
        description: rolesNote('returns.manage'),
        querystring: StaffReturnListQuerySchema,
        response: { 200: StaffReturnListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listStaffReturns(db, request.query)
      return pagedEnvelope(page.items, page.totalPages)
    },
  )

  app.get(
    '/v1/returns/:return_number',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'One return: lines, photos, the order, the buyer, the refund and the timeline',
        description: `${rolesNote('returns.manage')} refund_account is shown unmasked to the owner only.`,
        params: ReturnNumberParamsSchema,
        response: { 200: StaffReturnResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await view(request, numberOf(request.params.return_number))),
  )

  app.post(
    '/v1/returns/:return_number/approve',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'REQUESTED → APPROVED: the buyer is told where to send it; an exchange’s sizes are held',
        description: `${rolesNote('returns.manage')} 409 RET008 when an exchange size is gone; 409 RET009 once rejected or cancelled. Pressed again: answers it approved.`,
        params: ReturnNumberParamsSchema,
        body: StaffReturnApproveBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      await approveReturn(db, number, request.body?.note || null, moveOf(request))
      return envelope(await view(request, number), request.say(RETURN_MESSAGES.approved))
    },
  )

  app.post(
    '/v1/returns/:return_number/reject',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'REQUESTED → REJECTED with the reason the buyer is told',
        description: `${rolesNote('returns.manage')} 409 RET009 once approved or cancelled.`,
        params: ReturnNumberParamsSchema,
        body: StaffReturnRejectBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      await rejectReturn(db, number, request.body.reason, moveOf(request))
      return envelope(await view(request, number), request.say(RETURN_MESSAGES.rejected))
    },
  )

  app.post(
    '/v1/returns/:return_number/receive',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'APPROVED → RECEIVED: what arrived, line by line; accepted units back into stock',
        description:
          `${rolesNote('returns.manage')} Every line once (422 RET010 otherwise; a reason for units not accepted). ` +
          'Accepted units go into id_warehouse (default the selling one), DEFECT ones to its not-for-sale count. ' +
          'A refund paid by e-wallet or QRIS goes back through the provider at once (REFUNDED, or the refund ' +
          'marked failed: retry with /refund).',
        params: ReturnNumberParamsSchema,
        body: StaffReturnReceiveBodySchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      const move = moveOf(request)
      const { providerRefund } = await receiveReturn(db, number, request.body, move)
      if (providerRefund) {
        // The provider is asked after the receipt committed; a refusal leaves it RECEIVED, refund failed.
        await refundReturn(db, paymentContext(), number, undefined, move).catch((error: unknown) => {
          if (!(error instanceof AppError) || error.code !== 'RET012') throw error
        })
      }
      return envelope(await view(request, number), request.say(RETURN_MESSAGES.received))
    },
  )

  app.post(
    '/v1/returns/:return_number/refund',
    {
      preValidation: staffOnly('returns.refund'),
      schema: {
        tags: [tag],
        summary: 'RECEIVED → REFUNDED: a bank transfer’s reference, or a failed provider refund again',
        description:
          `${rolesNote('returns.refund')} 422 RET011 without a reference for a bank transfer; 502 RET012 when ` +
          'the provider refuses again; 409 RET009 before receipt or for an exchange. Pressed again: answers it refunded.',
        params: ReturnNumberParamsSchema,
        body: StaffReturnRefundBodySchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      await refundReturn(db, paymentContext(), number, request.body.reference, moveOf(request))
      return envelope(await view(request, number), request.say(RETURN_MESSAGES.refunded))
    },
  )

  app.post(
    '/v1/returns/:return_number/ship',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'RECEIVED → EXCHANGE_SHIPPED: the held new sizes leave with the waybill',
        description: `${rolesNote('returns.manage')} 409 RET009 for a refund return or before receipt.`,
        params: ReturnNumberParamsSchema,
        body: StaffReturnShipBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const number = numberOf(request.params.return_number)
      await shipExchange(
        db,
        number,
        { courier: request.body.courier ?? 'jne', no_resi: request.body.no_resi },
        moveOf(request),
      )
      return envelope(await view(request, number), request.say(RETURN_MESSAGES.shipped))
    },
  )

  app.get(
    '/v1/settings/returns',
    {
      preValidation: staffOnly('returns.manage'),
      schema: {
        tags: [tag],
        summary: 'The return rules: the window after delivery and where parcels go',
        description: rolesNote('returns.manage'),
        response: { 200: ReturnSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await returnSettingsOf(db)),
  )

  app.put(
    '/v1/settings/returns',
    {
      preValidation: staffOnly('returns.refund'),
      schema: {
        tags: [tag],
        summary: 'Sets the return rules (audited)',
        description: rolesNote('returns.refund'),
        body: ReturnSettingsSchema,
        response: { 200: ReturnSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      envelope(
        await saveReturnSettings(db, request.body, auditActorOf(request)),
        request.say(RETURN_MESSAGES.settings),
      ),
  )
}
