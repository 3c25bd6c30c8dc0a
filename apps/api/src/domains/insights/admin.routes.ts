import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  DashboardTodoResponseSchema,
  ReturnRateQuerySchema,
  ReturnRatesResponseSchema,
  SalesOverviewResponseSchema,
  type ReturnRates,
  type SalesOverview,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { staffCallNote as rolesNote, staffScope } from '../staff/index.ts'
import { RETURN_RATE_MIN_SOLD, readReturnRates } from '../returns/index.ts'
import { readSales } from './sales.service.ts'
import { readTodo } from './todo.service.ts'

/** The back office's home under /api/admin/v1/insights (issue 30, decision 050). */
export default async function insightsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, signedIn } = await staffScope(app)
  const cacheMs = app.config.INSIGHTS_CACHE_SECONDS * 1000
  // The figures of the whole shop are the same for every member of staff: one copy per process,
  // read again after INSIGHTS_CACHE_SECONDS. A read under way is shared, never started twice.
  let cached: { at: number; sales: Promise<SalesOverview> } | null = null
  // The return rates likewise, one copy per period and length asked for.
  const rates = new Map<string, { at: number; rates: Promise<ReturnRates> }>()

  app.get(
    '/v1/insights/todo',
    {
      preValidation: staffOnly('self'),
      schema: {
        tags: ['staff: home'],
        summary: 'What needs doing now: the counts of what the signed-in role may act on',
        description:
          `${rolesNote('self')} Each item only for a role that may act on it (absent otherwise): to_ship ` +
          '(orders.fulfil), expiring within the hour (orders.message), refunds_due (orders.refund), low_stock per ' +
          'warehouse under its threshold (stock.write), reviews_today since 00:00 WIB (reviews.read), ' +
          'invitations_pending (staff.manage), returns_to_review and returns_arrived (returns.manage), ' +
          'returns_to_refund (returns.refund). Read fresh on every call.',
        response: { 200: DashboardTodoResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return envelope(await readTodo(db, signedIn(request).role))
    },
  )

  app.get(
    '/v1/insights/sales',
    {
      preValidation: staffOnly('insights.read'),
      schema: {
        tags: ['staff: home'],
        summary:
          'How the shop is selling: today, 7 and 30 days against the period before, and the last 30 days',
        description:
          `${rolesNote('insights.read')} Shop days (UTC+7). A sale is an order paid in the period and not ` +
          'cancelled since; revenue is what buyers paid (total_bayar). The previous period is the same stretch ' +
          'just before, cut at the same time of day. daily: the last 30 days per brand; top products by units and ' +
          'revenue; voucher uses and discount; payment methods’ share; orders placed and expired unpaid. Cached ' +
          'for INSIGHTS_CACHE_SECONDS (as_of says when it was read).',
        response: { 200: SalesOverviewResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const now = Date.now()
      if (!cached || now - cached.at >= cacheMs || now < cached.at) {
        const sales = readSales(db, now)
        cached = { at: now, sales }
        // A failed read is not kept.
        sales.catch(() => {
          if (cached?.sales === sales) cached = null
        })
      }
      reply.header('cache-control', 'private, no-cache')
      return envelope(await cached.sales)
    },
  )

  app.get(
    '/v1/insights/returns',
    {
      preValidation: staffOnly('insights.read'),
      schema: {
        tags: ['staff: home'],
        summary: 'Return rate by product and by size, with the reasons',
        description:
          `${rolesNote('insights.read')} sold: units of the orders delivered in the last \`days\` (delivered_at), ` +
          'bundles left out; returned: of those lines, units asked back in live returns (requested, approved, ' +
          'received, refunded, exchanged, closed: not rejected or cancelled), with units per reason, most first. ' +
          `Only products and sizes with at least ${RETURN_RATE_MIN_SOLD} units sold and one returned, highest ` +
          'rate first, `limit` of each. Cached for INSIGHTS_CACHE_SECONDS.',
        querystring: ReturnRateQuerySchema,
        response: { 200: ReturnRatesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const now = Date.now()
      const key = `${request.query.days}:${request.query.limit}`
      let entry = rates.get(key)
      if (!entry || now - entry.at >= cacheMs || now < entry.at) {
        const read = readReturnRates(db, request.query, now)
        entry = { at: now, rates: read }
        rates.set(key, entry)
        read.catch(() => {
          if (rates.get(key)?.rates === read) rates.delete(key)
        })
      }
      reply.header('cache-control', 'private, no-cache')
      return envelope(await entry.rates)
    },
  )
}
