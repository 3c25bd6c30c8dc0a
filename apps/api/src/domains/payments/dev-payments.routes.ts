import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { escapeHtml, shopIsoString } from '@busana/contract/schemas'
import { devPagesAccess, isDirectLoopbackRequest } from '../../config.ts'
import { DEV_PAGE_HELMET } from '../../security-headers.ts'
import type { Db } from '../../db/client.ts'
import { payments, salesHeaders } from '../../db/schema/index.ts'
import { midtransAmount, notificationSignature } from '../../providers/payments/index.ts'
import { qrSvg } from './store.routes.ts'

const ORDER_NUMBER = /^[A-Z0-9-]{6,32}$/

const ListQuerySchema = z.object({
  order: z.string().trim().toUpperCase().regex(ORDER_NUMBER).optional(),
  result: z.string().max(32).optional(),
})
const ActionParamsSchema = z.object({
  order: z.string().trim().toUpperCase().regex(ORDER_NUMBER),
  action: z.enum(['pay', 'expire']),
})

interface SandboxPayment {
  id_sales_header: string
  sales_order_number: string
  payment_method_code: string
  payment_name: string
  total_bayar: number
  rekening: string | null
  biller_code: string | null
  qr_string: string | null
  deeplink: string | null
  expired_at: string
  /** Signed notification bodies the Pay and Expire buttons send (POST /api/v1/payments/notification). */
  notifications: { pay: Record<string, string>; expire: Record<string, string> }
}

/** A notification as Midtrans would send it for this order, signed with `serverKey`. */
export function signedNotification(
  orderId: string,
  total: number,
  action: 'pay' | 'expire',
  serverKey: string,
): Record<string, string> {
  const [transactionStatus, statusCode] = action === 'pay' ? ['settlement', '200'] : ['expire', '407']
  const grossAmount = midtransAmount(total)
  return {
    order_id: orderId,
    status_code: statusCode,
    gross_amount: grossAmount,
    transaction_status: transactionStatus,
    fraud_status: 'accept',
    payment_type: 'sandbox',
    signature_key: notificationSignature(orderId, statusCode, grossAmount, serverKey),
  }
}

/** Open orders whose payment the sandbox issued, newest first (or the one order asked for). */
async function openSandboxPayments(db: Db, serverKey: string, order?: string): Promise<SandboxPayment[]> {
  const rows = await db
    .select({ h: salesHeaders, p: payments })
    .from(salesHeaders)
    .innerJoin(payments, eq(payments.idSalesHeader, salesHeaders.idSalesHeader))
    .where(
      and(
        eq(salesHeaders.status, 'Open'),
        eq(payments.provider, 'sandbox'),
        eq(payments.state, 'issued'),
        order ? eq(salesHeaders.salesOrderNumber, order) : undefined,
      ),
    )
    .orderBy(desc(salesHeaders.orderDate))
    .limit(50)
  return rows.map(({ h, p }) => ({
    id_sales_header: h.idSalesHeader,
    sales_order_number: h.salesOrderNumber,
    payment_method_code: h.paymentCode,
    payment_name: h.paymentName,
    total_bayar: h.totalBayar,
    rekening: p.rekening,
    biller_code: p.billerCode,
    qr_string: p.qrString,
    deeplink: p.deeplink,
    expired_at: shopIsoString(h.expiredTime)!,
    notifications: {
      pay: signedNotification(h.salesOrderNumber, h.totalBayar, 'pay', serverKey),
      expire: signedNotification(h.salesOrderNumber, h.totalBayar, 'expire', serverKey),
    },
  }))
}

function page(list: SandboxPayment[], query: z.infer<typeof ListQuerySchema>): string {
  const rows = list
    .map((p) => {
      const how = [
        p.biller_code ? `biller code <b>${escapeHtml(p.biller_code)}</b>` : '',
        p.rekening ? `<b>${escapeHtml(p.rekening)}</b>` : '',
        p.qr_string ? `<div class="qr">${qrSvg(p.qr_string)}</div>` : '',
      ]
        .filter(Boolean)
        .join('<br>')
      const order = encodeURIComponent(p.sales_order_number)
      return (
        `<tr><td>${escapeHtml(p.sales_order_number)}</td><td>${escapeHtml(p.payment_name)}</td>` +
        `<td>Rp ${p.total_bayar.toLocaleString('id-ID')}</td><td>${how}</td><td>${escapeHtml(p.expired_at)}</td>` +
        `<td><form method="post" action="/dev/payments/${order}/pay"><button>Pay</button></form>` +
        `<form method="post" action="/dev/payments/${order}/expire"><button>Expire</button></form></td></tr>`
      )
    })
    .join('\n')
  const result = query.result
    ? `<p role="status">Notification sent: <b>${escapeHtml(query.result)}</b></p>`
    : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Payments · Busana developer page</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}form{display:inline-block;margin:0 .3rem .3rem 0}
button{font:inherit;padding:.3rem .9rem}.qr svg{width:140px;height:140px}</style></head>
<body><h1>Sandbox payments</h1>
<p>Open orders whose payment the sandbox issued${query.order ? ` (order ${escapeHtml(query.order)}, <a href="/dev/payments">all</a>)` : ''}.
Pay sends a signed <code>settlement</code> notification and Expire an <code>expire</code> one through
<code>POST /api/v1/payments/notification</code>, as the provider would. Never served by a real deployment (see
DEV_PAGES). JSON: <a href="/dev/payments.json">/dev/payments.json</a>.</p>${result}
<table><thead><tr><th>order</th><th>method</th><th>total</th><th>how to pay</th><th>deadline</th><th></th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No open sandbox payment.</td></tr>'}
</tbody></table></body></html>`
}

/**
 * The developer payments page (/dev/payments, /dev/payments.json, and the buttons' POST
 * /dev/payments/{order}/pay|expire): the sandbox's open payments and a way to pay or expire them
 * through the real notification endpoint, signed with the provider's key. Exposed exactly as
 * /dev/outbox (devPagesAccess): nobody on a real deployment, only direct loopback requests on a
 * local production build.
 */
export default async function devPaymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = devPagesAccess(app.config)
  if (access === 'nobody') return

  app.addHook('onRequest', async (request, reply) => {
    if (access === 'loopback' && !isDirectLoopbackRequest(request)) {
      reply.callNotFound()
      return reply
    }
    reply.header('cache-control', 'no-store')
  })
  // The buttons are plain HTML forms: their (empty) urlencoded body is accepted and not read.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    )
  }

  app.get(
    '/dev/payments',
    { schema: { hide: true, querystring: ListQuerySchema }, helmet: DEV_PAGE_HELMET },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            await openSandboxPayments(app.database.db, app.payments.serverKey, request.query.order),
            request.query,
          ),
        ),
  )

  app.get(
    '/dev/payments.json',
    { schema: { hide: true, querystring: ListQuerySchema } },
    async (request) => ({
      status: 200,
      message: 'Success',
      data: await openSandboxPayments(app.database.db, app.payments.serverKey, request.query.order),
    }),
  )

  app.post(
    '/dev/payments/:order/:action',
    { schema: { hide: true, params: ActionParamsSchema } },
    async (request, reply) => {
      const { order, action } = request.params
      const [found] = await openSandboxPayments(app.database.db, app.payments.serverKey, order)
      if (!found) return reply.redirect(`/dev/payments?result=${encodeURIComponent('not open')}`, 303)
      const sent = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/notification',
        payload: found.notifications[action],
      })
      const outcome =
        sent.statusCode === 200
          ? (sent.json() as { data: { outcome: string } }).data.outcome
          : String(sent.statusCode)
      return reply.redirect(`/dev/payments?result=${encodeURIComponent(`${order} ${outcome}`)}`, 303)
    },
  )
}
