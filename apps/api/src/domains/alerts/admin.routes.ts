import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminProductAlertsResponseSchema,
  AdminProductParamsSchema,
  rolesFor,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { staffScope, staffSignInNote } from '../staff/index.ts'
import { productAlerts } from './admin.service.ts'

/** The back office's alert calls under /api/admin/v1: how many wait, per product (issue 42). */
export default async function alertsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly } = await staffScope(app)

  app.get(
    '/v1/products/:code/alerts',
    {
      preValidation: staffOnly('alerts.read'),
      schema: {
        tags: ['staff: alerts'],
        summary:
          "How many members wait for each of the product's sizes to come back, and for its price to drop",
        description:
          `${staffSignInNote} Roles: ${rolesFor('alerts.read').join(', ')} (403 STF003 for the others). Code any case. ` +
          'Every size in size order, `waiting` 0 when nobody waits; waiting alerts only (not yet spent by ' +
          'their message). A published product only: unknown or draft 404 CAT001.',
        params: AdminProductParamsSchema,
        response: { 200: AdminProductAlertsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await productAlerts(db, request.params.code)),
  )
}
