import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import qrcode from 'qrcode-generator'
import { z } from 'zod'
import { AppError, ORDER_ID_PATTERN, PaymentNotificationResponseSchema } from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { paymentOf, receiveNotification } from './payments.service.ts'
import { SVG_HELMET } from '../../security-headers.ts'

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
 */
export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const context = () => ({ db: app.database.db, payments: app.payments, config: app.config, log: app.log })

  app.post(
    '/v1/payments/notification',
    {
      config: { brandless: true },
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
          'again changes nothing (outcome unchanged), nor does a late expire after settlement. Every notification is ' +
          'stored. No brand header.',
        body: z.record(z.string(), z.unknown()),
        response: { 200: PaymentNotificationResponseSchema, ...errorResponses(400, 401, 404, 422, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const result = await receiveNotification(context(), request.body)
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
          "The image behind the order detail's payment.qr_code. The order id is unguessable; 404 ORD001 when the " +
          'order has no QR code. No brand header (an <img> sends none).',
        params: z.object({ id: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase()
      const payment = ORDER_ID_PATTERN.test(id) ? await paymentOf(app.database.db, id) : null
      if (!payment?.qrString) throw new AppError('ORD001')
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=900')
        .send(qrSvg(payment.qrString))
    },
  )
}
