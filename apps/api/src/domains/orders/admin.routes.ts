import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import {
  AdminOrderDetailResponseSchema,
  AdminOrderExportQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderMessageParamsSchema,
  AdminOrderMessageResponseSchema,
  AdminOrdersQuerySchema,
  AppError,
  BulkShipBodySchema,
  BulkShipResponseSchema,
  OPS_MESSAGES,
  ORDER_NUMBER_PATTERN,
  PackingSlipQuerySchema,
  PackingSlipResponseSchema,
  STAFF_MESSAGES,
  StaffCancelBodySchema,
  StaffOrderParamsSchema,
  StaffOrderResponseSchema,
  StaffRefundBodySchema,
  StaffShipBodySchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote as rolesNote, staffScope, staffSignInNote as staffNote } from '../staff/index.ts'
import { recordAudit } from '../staff/index.ts'
import { resendOrderUpdate } from '../order-updates/index.ts'
import {
  bulkShip,
  exportOrdersCsv,
  listOrders,
  orderDetailForStaff,
  packingSlips,
} from './admin-orders.service.ts'
import { cancelByStaff, deliverOrder, orderByNumber, recordRefundByStaff, shipOrder } from './fulfilment.ts'
import { orderHeaderStore } from './header-store.ts'

/**
 * The back office's order calls under /api/admin/v1: the list, one order, packing slips, the
 * moves staff make (ship, bulk ship, deliver, cancel) and the re-send of a message to the buyer,
 * each with its audit row in the change's own transaction.
 */
export default async function ordersAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf, signedIn } = await staffScope(app)
  /** Writes the audit row of an order call in the move's own transaction. */
  const orderAudit =
    (
      request: FastifyRequest,
      action: 'order.ship' | 'order.deliver' | 'order.cancel' | 'order.resend_message' | 'order.refund',
      number: string,
    ) =>
    (tx: Parameters<typeof recordAudit>[0], changes: Record<string, unknown>) =>
      recordAudit(tx, actorOf(request), { action, targetType: 'order', targetId: number, changes })
  const staffActorOf = (request: FastifyRequest) => `staff:${signedIn(request).email}` as const
  const numberOf = (value: string) => {
    const number = value.trim().toUpperCase()
    if (!ORDER_NUMBER_PATTERN.test(number)) throw new AppError('ORD001')
    return number
  }

  app.get(
    '/v1/orders',
    {
      preValidation: staffOnly('orders.read'),
      schema: {
        tags: ['staff: orders'],
        summary:
          'Orders, paged: by status, brand, dates, payment, refund, expiring; newest or oldest first; search by number, phone or e-mail',
        description:
          `${rolesNote('orders.read')} from and to are shop dates (UTC+7), both inclusive. payment: a payment ` +
          'code (bca_va, …). q: part of an order number or e-mail, or a phone number (08…, 62… or +62…). ' +
          'refund: due (a paid order cancelled, or money received after a cancel) or refunded. expiring=hour: ' +
          'Open orders whose payment deadline is within the next 60 minutes and not yet passed. sort: newest ' +
          '(order date, the default) or oldest (order date ascending; with status=Paid, paid_at ascending, ' +
          'then order date: the payment waiting longest first).',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listOrders(db, request.query)
      return pagedEnvelope(page.orders, page.totalPages)
    },
  )

  app.get(
    '/v1/orders/export.csv',
    {
      preValidation: staffOnly('orders.read'),
      schema: {
        tags: ['staff: orders'],
        summary: 'A period’s orders as CSV for accounting: one row per order line (issue 30)',
        description:
          `${rolesNote('orders.read')} from and to (required) are shop dates (UTC+7, a day starts at 00:00 WIB), ` +
          'both inclusive, at most 366 days; the list’s filters (status, id_brand, payment, q, refund, expiring) ' +
          'apply. text/csv; charset=utf-8 with a UTF-8 BOM, attachment orders-<from>-<to>.csv, streamed. One ' +
          'row per order line, oldest order first; the order’s amounts (subtotal … total) only on its first ' +
          'line, so a column’s sum is the period’s; dates YYYY-MM-DD HH:mm WIB. A text cell starting with =, +, ' +
          "-, @, tab or CR is prefixed with ' (CSV injection), and so is one after a , or ; or line break inside " +
          'a cell (Excel with a ; list separator splits there). Audited (order.export).',
        querystring: AdminOrderExportQuerySchema,
        response: { 200: z.unknown().describe('text/csv, streamed'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Who took a copy of the orders (buyers' names, phones and e-mails), for which period and filters.
      await recordAudit(db, actorOf(request), {
        action: 'order.export',
        targetType: 'order',
        targetId: 'export.csv',
        changes: { ...request.query },
      })
      const { from, to } = request.query
      // Awaited before any header is set: a failed first read is answered as plain JSON.
      const csv = await exportOrdersCsv(db, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  app.get(
    '/v1/orders/packing-slips',
    {
      preValidation: staffOnly('orders.fulfil'),
      schema: {
        tags: ['staff: orders'],
        summary: 'Packing slip data for up to 50 orders (numbers=A,B,…), in the order asked',
        description:
          `${rolesNote('orders.fulfil')} Per order: the brand, number, date, courier, recipient and address, lines ` +
          'with sku, size and quantity (a bundle’s parts follow it with part_of), and the last note. An unknown ' +
          'number: 404 ORD001 naming it.',
        querystring: PackingSlipQuerySchema,
        response: { 200: PackingSlipResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await packingSlips(db, request.query.numbers)),
  )

  app.post(
    '/v1/orders/bulk-ship',
    {
      preValidation: staffOnly('orders.fulfil'),
      schema: {
        tags: ['staff: orders'],
        summary: 'Ship up to 100 paid orders: each on its own, with a result per order',
        description:
          `${rolesNote('orders.fulfil')} Each entry is POST …/orders/{n}/ship (its own transaction, event and audit ` +
          'row; shipping lowers on_hand by its units). A failing one (ORD001, ORD002, ORD003, REQ001 courier) is ' +
          'reported with its code and does not undo the others. Always 200 when the body is valid.',
        body: BulkShipBodySchema,
        response: { 200: BulkShipResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = `staff:${request.staff!.email}` as const
      const results = await bulkShip(
        db,
        request.body,
        actor,
        (number) => (tx, changes) =>
          recordAudit(tx, actorOf(request), {
            action: 'order.ship',
            targetType: 'order',
            targetId: number,
            changes,
          }),
      )
      const shipped = results.filter((result) => result.ok).length
      return envelope(
        { shipped, failed: results.length - shipped, results },
        request.say(OPS_MESSAGES.bulkShipped),
      )
    },
  )

  app.get(
    '/v1/orders/:sales_order_number',
    {
      preValidation: staffOnly('orders.read'),
      schema: {
        tags: ['staff: orders'],
        summary:
          'One order in full: lines and bundle parts, address, amounts, payment, voucher, shipping, events, messages',
        description:
          `${rolesNote('orders.read')} messages: what the buyer was sent about the order by WhatsApp, SMS or ` +
          'e-mail, oldest first, with its state (pending, sending, sent, failed), attempts, last error and the ' +
          'text sent. Unknown number: 404 ORD001.',
        params: StaffOrderParamsSchema,
        response: { 200: AdminOrderDetailResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => envelope(await orderDetailForStaff(db, request.params.sales_order_number)),
  )

  app.post(
    '/v1/orders/:sales_order_number/messages/:id/resend',
    {
      preValidation: staffOnly('orders.message'),
      schema: {
        tags: ['staff: orders'],
        summary: 'Send one of the order’s messages to the buyer again: a new message, sent within seconds',
        description:
          `${rolesNote('orders.message')} The new message has the same moment, channel, recipient and language, ` +
          'a key of its own, requested_by staff:<e-mail> and resend_of the first message of its line; it is ' +
          'rendered from the order as it is now. An audit row order.resend_message is written with it. A message ' +
          'of another order: 404 STF157; one still pending or sending: 409 STF158; while an earlier re-send of it ' +
          'is pending or sending: 409 STF159. A message re-sent 3 times this clock hour: 429 STF160; a recipient ' +
          're-sent 10 messages this day (UTC): 429 STF161; both with Retry-After. Unknown number: 404 ORD001.',
        params: AdminOrderMessageParamsSchema,
        response: { 200: AdminOrderMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      // Any order the detail shows (demo and older numbers too), as GET …/orders/{n} finds it.
      const order = await orderByNumber(db, request.params.sales_order_number)
      return envelope(
        await resendOrderUpdate(db, order.idSalesHeader, request.params.id, staffActorOf(request), {
          audit: orderAudit(request, 'order.resend_message', order.salesOrderNumber),
        }),
        request.say(OPS_MESSAGES.messageResent),
      )
    },
  )

  app.post(
    '/v1/orders/:sales_order_number/ship',
    {
      preValidation: staffOnly('orders.fulfil'),
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
    async (request) => {
      const number = numberOf(request.params.sales_order_number)
      return envelope(
        await shipOrder(db, number, request.body, staffActorOf(request), {
          audit: orderAudit(request, 'order.ship', number),
        }),
        request.say(STAFF_MESSAGES.shipped),
      )
    },
  )

  app.post(
    '/v1/orders/:sales_order_number/deliver',
    {
      preValidation: staffOnly('orders.fulfil'),
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
        await deliverOrder(db, order.idSalesHeader, staffActorOf(request), {
          audit: orderAudit(request, 'order.deliver', order.salesOrderNumber),
        }),
        request.say(STAFF_MESSAGES.delivered),
      )
    },
  )

  app.post(
    '/v1/orders/:sales_order_number/cancel',
    {
      preValidation: staffOnly('orders.cancel'),
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
    async (request) => {
      const number = numberOf(request.params.sales_order_number)
      return envelope(
        await cancelByStaff(
          { db, payments: app.payments, config: app.config, log: app.log, headers: orderHeaderStore },
          number,
          request.body.reason,
          staffActorOf(request),
          { audit: orderAudit(request, 'order.cancel', number) },
        ),
        request.say(STAFF_MESSAGES.cancelled),
      )
    },
  )
  app.post(
    '/v1/orders/:sales_order_number/refund',
    {
      preValidation: staffOnly('orders.refund'),
      schema: {
        tags: ['staff'],
        summary:
          'Record that the refund due on a cancelled order was paid back, with the transfer’s reference',
        description:
          `${rolesNote('orders.refund')} refund_state due → refunded; the reference goes into the order’s ` +
          'history (an event Cancel → Cancel) and the audit log (order.refund). No refund due: 409 ORD004.',
        params: StaffOrderParamsSchema,
        body: StaffRefundBodySchema,
        response: { 200: StaffOrderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const number = numberOf(request.params.sales_order_number)
      return envelope(
        await recordRefundByStaff(db, number, request.body.reference, staffActorOf(request), {
          audit: orderAudit(request, 'order.refund', number),
        }),
        request.say(STAFF_MESSAGES.refunded),
      )
    },
  )
}
