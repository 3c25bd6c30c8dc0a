import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import qrcode from 'qrcode-generator'
import { z } from 'zod'
import { AppError, ORDER_ID_PATTERN, PaymentNotificationResponseSchema } from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { payableQr, receiveNotification } from './payments.service.ts'
import type { PaymentRoutesOptions } from './order-headers.ts'
import { SVG_HELMET } from '../../security-headers.ts'
import { isDirectLoopbackRequest } from '../../config.ts'

/** A real notification is under 4 KB: a bigger body is refused unread (413 REQ005). */
export const NOTIFICATION_BODY_LIMIT = 16 * 1024

/** The QR image's browser cache: at most 15 minutes, and never past the payment's deadline. */
const QR_MAX_AGE_S = 900

/** An SVG of a QR code carrying `text` (error correction M, 4-module quiet zone, scalable). */
export function qrSvg(text: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  return qr.createSvgTag({ cellSize: 4, margin: 16, scalable: true })
}

/**
 * The payment calls (decision 020): the provider's notification, and the QR image of an order's
 * QRIS or e-wallet payment. Neither asks for the brand header: a provider sends none, an <img> can't.
 * The orders' rows are read and moved through `orderHeaders`, orders' store, which app.ts hands over.
 */
export default async function paymentsRoutes(
  fastify: FastifyInstance,
  { orderHeaders }: PaymentRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const context = () => ({
    db: app.database.db,
    payments: app.payments,
    config: app.config,
    log: app.log,
    headers: orderHeaders,
  })

  app.post(
    '/v1/payments/notification',
    {
      config: { brandless: true },
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "The payment provider's notification (Midtrans HTTP notification format)",
        description:
          'Body: order_id (the sales order number), status_code, gross_amount as Midtrans writes it ("125000.00"), ' +
          'signature_key = SHA-512 hex of order_id + status_code + gross_amount + the server key (MIDTRANS_SERVER_KEY; ' +
          "the sandbox's is 'sandbox-server-key' when unset), transaction_status (settlement, capture, pending, expire, " +
          'cancel, deny, failure), fraud_status. 401 PAY002 bad signature, 404 PAY004 unknown order, 422 PAY003 an ' +
          "amount that is not the order's total, 400 REQ001 a missing field: nothing changes. With Midtrans the status " +
          'is re-fetched and acted on (503 PAY005 when it cannot be, the provider retries). settlement makes an Open ' +
          'order Paid; expire/cancel/deny/failure cancel it and return its stock and voucher; the same notification ' +
          'again changes nothing (outcome unchanged), nor does a late expire after settlement; a settlement for an ' +
          'order cancelled meanwhile records its refund as due (outcome paid_after_cancel). A status_code that does ' +
          'not go with the transaction_status (200 settlement/capture, 201 pending, 202 deny/expire/failure, 200 or ' +
          '202 cancel) is 400 REQ001. With the sandbox provider only direct requests from this machine are accepted ' +
          '(401 PAY002 otherwise). Bodies over 16 KB: 413 REQ005. Every notification is stored, a refused one with ' +
          'its known fields only; past 30 refused ones in 15 minutes an address gets 429 REQ006 (Retry-After). No ' +
          'brand header.',
        body: z.record(z.string(), z.unknown()),
        response: {
          200: PaymentNotificationResponseSchema,
          ...errorResponses(400, 401, 404, 413, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const result = await receiveNotification(context(), request.body, {
        ip: request.ip,
        direct: isDirectLoopbackRequest(request),
      })
      return envelope(result, `Notification ${result.outcome}`)
    },
  )

  app.get(
    '/v1/payments/:id/qr.svg',
    {
      config: { brandless: true },
      // nosniff and no script from the root's security headers; SVG_HELMET allows inline styles.
      helmet: SVG_HELMET,
      schema: {
        tags: ['payments'],
        summary: "An order's payment QR code as SVG (QRIS payload or e-wallet link)",
        description:
          "The image behind the order detail's payment.qr_code, while the order waits for its payment. The order id " +
          'is unguessable; 404 ORD001 when the order has no QR code or no longer waits (paid, cancelled, or past its ' +
          'deadline). No brand header (an <img> sends none).',
        params: z.object({ id: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase()
      const qr = ORDER_ID_PATTERN.test(id) ? await payableQr(app.database.db, orderHeaders.view, id) : null
      if (!qr) throw new AppError('ORD001')
      return reply
        .type('image/svg+xml')
        .header('cache-control', `private, max-age=${Math.min(QR_MAX_AGE_S, qr.secondsLeft)}`)
        .send(qrSvg(qr.text))
    },
  )
}
