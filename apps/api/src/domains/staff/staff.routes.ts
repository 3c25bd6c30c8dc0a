import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  STAFF_MESSAGES,
  AppError,
  ORDER_NUMBER_PATTERN,
  StaffCancelBodySchema,
  StaffLoginBodySchema,
  StaffLoginResponseSchema,
  StaffOrderParamsSchema,
  StaffOrderResponseSchema,
  StaffShipBodySchema,
  shopIsoString,
  type Staff,
  type StaffRole,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { cancelByStaff, deliverOrder, orderByNumber, shipOrder } from '../orders/fulfilment.ts'
import { findStaff, staffLogin } from './staff.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a route guarded by `staffOnly`. */
    staff: Staff | null
  }
}

/** Who may make the order calls: shipping is the warehouse's, cancelling also support's. */
const ROLES = {
  fulfil: ['owner', 'warehouse'],
  cancel: ['owner', 'warehouse', 'support'],
} satisfies Record<string, StaffRole[]>

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null
}

const staffNote =
  'Staff call: `Authorization: Bearer <token>` from POST /api/admin/v1/auth/login (401 STF002 without).'

/**
 * The staff API (/api/admin/v1): sign-in and the fulfilment calls of the orders issue. The back
 * office issue builds its screens on it and adds the rest. Staff are not members: their own
 * accounts, sessions (Bearer) and roles, checked here for every call (403 STF003).
 */
export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  privateAnswers(app)
  const db = app.database.db
  app.decorateRequest('staff', null)
  const staffOnly = (roles: readonly StaffRole[]) => async (request: FastifyRequest) => {
    const token = bearer(request)
    const staff = token ? await findStaff(db, token) : null
    if (!staff) throw new AppError('STF002')
    if (!roles.includes(staff.role)) throw new AppError('STF003')
    request.staff = staff
  }
  const actorOf = (request: FastifyRequest) => `staff:${request.staff!.email}` as const
  const numberOf = (value: string) => {
    const number = value.trim().toUpperCase()
    if (!ORDER_NUMBER_PATTERN.test(number)) throw new AppError('ORD001')
    return number
  }

  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: a token for Authorization: Bearer (12 hours)',
        description:
          'Wrong e-mail, wrong password or a disabled account: 401 STF001 alike. 10 tries per account and 30 per ' +
          'address in 15 minutes (429 REQ006).',
        body: StaffLoginBodySchema,
        response: { 200: StaffLoginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const session = await staffLogin(db, request.body, request.ip)
      return envelope(
        { token: session.token, expires_at: shopIsoString(session.expiresAt)!, staff: session.staff },
        request.say(STAFF_MESSAGES.signedIn),
      )
    },
  )

  app.post(
    '/v1/orders/:sales_order_number/ship',
    {
      preValidation: staffOnly(ROLES.fulfil),
      schema: {
        tags: ['staff'],
        summary: 'Ship a paid order: courier and waybill (Paid → Delivery)',
        description:
          `${staffNote} Roles owner and warehouse (403 STF003). courier defaults to the ordered one. The same waybill ` +
          'again answers the order unchanged; an order not Paid is 409 ORD002; a waybill on another order 409 ORD003.',
        params: StaffOrderParamsSchema,
        body: StaffShipBodySchema,
        response: { 200: StaffOrderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await shipOrder(db, numberOf(request.params.sales_order_number), request.body, actorOf(request)),
        request.say(STAFF_MESSAGES.shipped),
      ),
  )

  app.post(
    '/v1/orders/:sales_order_number/deliver',
    {
      preValidation: staffOnly(ROLES.fulfil),
      schema: {
        tags: ['staff'],
        summary: 'Confirm delivery (Delivery → Success): the lines open for review',
        description: `${staffNote} Roles owner and warehouse. Only from Delivery (409 ORD002); again on a delivered order: unchanged.`,
        params: StaffOrderParamsSchema,
        response: { 200: StaffOrderResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const order = await orderByNumber(db, numberOf(request.params.sales_order_number))
      return envelope(
        await deliverOrder(db, order.idSalesHeader, actorOf(request)),
        request.say(STAFF_MESSAGES.delivered),
      )
    },
  )

  app.post(
    '/v1/orders/:sales_order_number/cancel',
    {
      preValidation: staffOnly(ROLES.cancel),
      schema: {
        tags: ['staff'],
        summary:
          'Cancel an Open or Paid order; stock and voucher use go back, a paid total becomes a refund due',
        description: `${staffNote} Roles owner, warehouse and support. Delivery, Success or Cancel: 409 ORD002.`,
        params: StaffOrderParamsSchema,
        body: StaffCancelBodySchema,
        response: { 200: StaffOrderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await cancelByStaff(
          { db, payments: app.payments, config: app.config, log: app.log },
          numberOf(request.params.sales_order_number),
          request.body.reason,
          actorOf(request),
        ),
        request.say(STAFF_MESSAGES.cancelled),
      ),
  )
}
