import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError, escapeHtml, shopIsoString } from '@busana/contract/schemas'
import { devPagesAccess, isDirectLoopbackRequest } from '../../config.ts'
import { DEV_PAGE_HELMET } from '../../security-headers.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema/index.ts'
import { midtransAmount, notificationSignature } from '../../providers/payments/index.ts'
import { qrSvg } from './store.routes.ts'
import type { PaymentOrders, PaymentRoutesOptions } from './order-headers.ts'

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
  /** The per-page token each button's form posts (`token`): without it a post needs a same-origin Origin. */
  form_tokens: { pay: string; expire: string }
}

type Action = 'pay' | 'expire'

/**
 * The buttons' forms carry a token only this process can make (HMAC of the order and action under
 * a key drawn at start) and only a page it served shows; a site open in the developer's browser
 * cannot read the page (no CORS), so it cannot post a form that carries one.
 */
function formTokens() {
  const key = randomBytes(32)
  const make = (order: string, action: Action) =>
    createHmac('sha256', key).update(`dev-payments:${order}:${action}`).digest('base64url')
  return {
    make,
    matches(order: string, action: Action, given: unknown): boolean {
      if (typeof given !== 'string') return false
      const a = Buffer.from(given)
      const b = Buffer.from(make(order, action))
      return a.length === b.length && timingSafeEqual(a, b)
    },
  }
}

/** A field of a form's body, parsed here or (mounted under the storefront) left as its text. */
function formField(body: unknown, name: string): unknown {
  if (typeof body === 'string') return new URLSearchParams(body).get(name)
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined
}

/** The origin a request's Origin header names, else its Referer's; null when neither says one. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin
  if (typeof origin === 'string' && origin !== '') return origin
  const referer = request.headers.referer
  if (typeof referer !== 'string' || referer === '') return null
  try {
    return new URL(referer).origin
  } catch {
    return null
  }
}

/**
 * Whether a post comes from a page of this site: its Origin (or Referer) is the origin it was
 * sent to, or the shop's PUBLIC_URL. A cross-site form post names the other site (or 'null').
 */
function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const claimed = claimedOrigin(request)
  if (!claimed) return false
  return claimed === new URL(publicUrl).origin || claimed === `${request.protocol}://${request.host}`
}

/** A notification as Midtrans would send it for this order, signed with `serverKey`. */
export function signedNotification(
  orderId: string,
  total: number,
  action: Action,
  serverKey: string,
): Record<string, string> {
  // The status_code Midtrans notifies with each status: 200 settlement, 202 expire.
  const [transactionStatus, statusCode] = action === 'pay' ? ['settlement', '200'] : ['expire', '202']
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
async function openSandboxPayments(
  db: Db,
  orders: PaymentOrders,
  serverKey: string,
  token: (order: string, action: Action) => string,
  order?: string,
): Promise<SandboxPayment[]> {
  const rows = await db
    .select({
      h: {
        idSalesHeader: orders.idSalesHeader,
        salesOrderNumber: orders.salesOrderNumber,
        paymentCode: orders.paymentCode,
        paymentName: orders.paymentName,
        totalBayar: orders.totalBayar,
        expiredTime: orders.expiredTime,
      },
      p: payments,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.idSalesHeader, orders.idSalesHeader))
    .where(
      and(
        eq(orders.status, 'Open'),
        eq(payments.provider, 'sandbox'),
        eq(payments.state, 'issued'),
        order ? eq(orders.salesOrderNumber, order) : undefined,
      ),
    )
    .orderBy(desc(orders.orderDate))
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
    form_tokens: { pay: token(h.salesOrderNumber, 'pay'), expire: token(h.salesOrderNumber, 'expire') },
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
        `<td><form method="post" action="/dev/payments/${order}/pay">` +
        `<input type="hidden" name="token" value="${escapeHtml(p.form_tokens.pay)}"><button>Pay</button></form>` +
        `<form method="post" action="/dev/payments/${order}/expire">` +
        `<input type="hidden" name="token" value="${escapeHtml(p.form_tokens.expire)}"><button>Expire</button></form></td></tr>`
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
 * local production build. A button's post must carry its page's token or a same-origin Origin
 * (or Referer): a cross-site form post from another site in the developer's browser is 403.
 * The orders' rows are joined through `orderHeaders.view`, which app.ts hands over from orders.
 */
export default async function devPaymentsRoutes(
  fastify: FastifyInstance,
  { orderHeaders }: PaymentRoutesOptions,
) {
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
  const tokens = formTokens()
  // The buttons are plain HTML forms: their urlencoded body carries the page's token.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
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
            await openSandboxPayments(
              app.database.db,
              orderHeaders.view,
              app.payments.serverKey,
              tokens.make,
              request.query.order,
            ),
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
      data: await openSandboxPayments(
        app.database.db,
        orderHeaders.view,
        app.payments.serverKey,
        tokens.make,
        request.query.order,
      ),
    }),
  )

  app.post(
    '/dev/payments/:order/:action',
    { schema: { hide: true, params: ActionParamsSchema } },
    async (request, reply) => {
      const { order, action } = request.params
      if (
        !tokens.matches(order, action, formField(request.body, 'token')) &&
        !isSameOrigin(request, app.config.PUBLIC_URL)
      ) {
        // A cross-site form post (or one without its page's token): nothing is sent, and the
        // answer says what to send, in the API's envelope (issue 44 item 12).
        throw new AppError('REQ009')
      }
      const [found] = await openSandboxPayments(
        app.database.db,
        orderHeaders.view,
        app.payments.serverKey,
        tokens.make,
        order,
      )
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
