import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminProductAlertsResponseSchema,
  AdminProductParamsSchema,
  AppError,
  can,
  rolesFor,
  STAFF_ROLES,
  type StaffAction,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { staffScope, staffSignInNote } from '../staff/index.ts'
import { productAlerts } from './admin.service.ts'

/**
 * Who may read what members wait for: whoever reads stock (the merchandiser restocks, the warehouse
 * receives) or how the shop sells (marketing plans around demand). Named by the permission table's
 * actions, so the roles stay listed only there; support, with neither, is refused (403 STF003).
 */
const READ_ACTIONS: readonly StaffAction[] = ['stock.read', 'insights.read']
const readers = STAFF_ROLES.filter((role) => READ_ACTIONS.some((action) => rolesFor(action).includes(role)))

/** After the staff guard: the signed-in role must hold one of READ_ACTIONS. */
async function mayRead(request: FastifyRequest): Promise<void> {
  const role = request.staff!.role
  if (!READ_ACTIONS.some((action) => can(role, action))) throw new AppError('STF003')
}

/** The back office's alert calls under /api/admin/v1: how many wait, per product (issue 42). */
export default async function alertsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly } = await staffScope(app)

  app.get(
    '/v1/products/:code/alerts',
    {
      preValidation: [staffOnly('self'), mayRead],
      schema: {
        tags: ['staff: alerts'],
        summary:
          "How many members wait for each of the product's sizes to come back, and for its price to drop",
        description:
          `${staffSignInNote} Roles: ${readers.join(', ')} (403 STF003 for the others). Code any case. ` +
          'Every size in size order, `waiting` 0 when nobody waits; waiting alerts only (not yet spent by ' +
          'their message). A published product only: unknown or draft 404 CAT001.',
        params: AdminProductParamsSchema,
        response: { 200: AdminProductAlertsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await productAlerts(db, request.params.code)),
  )
}
