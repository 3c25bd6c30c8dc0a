import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  ADMIN_CONTENT_MESSAGES,
  AdminRateBodySchema,
  AdminRateParamsSchema,
  AdminShippingTableResponseSchema,
  AdminShippingZoneResponseSchema,
  AdminZoneAreaBodySchema,
  AdminZoneAreaParamsSchema,
  AdminZoneParamsSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { addZoneArea, removeRate, removeZoneArea, setRate, shippingTable } from './shipping-admin.service.ts'
import { staffCallNote, staffScope } from '../staff/index.ts'

const shippingNote = `${staffCallNote('shipping.manage')} Every change is audited.`

/**
 * The back office's shipping calls (/api/admin/v1/shipping/…): the rate table per zone and courier
 * service, and the areas of a zone; thin routes over shipping-admin.service.ts.
 */
export default async function shippingAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { staffOnly, auditActorOf } = await staffScope(app)
  const db = app.database.db
  const actor = (request: FastifyRequest) => auditActorOf(request)

  app.get(
    '/v1/shipping/rates',
    {
      preValidation: staffOnly('shipping.manage'),
      schema: {
        tags: ['staff-shipping'],
        summary:
          'The shipping rate table: courier services, and each zone with its areas and rates (decision 017)',
        description: `${shippingNote} What checkout's table provider reads.`,
        response: { 200: AdminShippingTableResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await shippingTable(db)),
  )

  app.put(
    '/v1/shipping/rates/:zone_id/:service_id',
    {
      preValidation: staffOnly('shipping.manage'),
      schema: {
        tags: ['staff-shipping'],
        summary:
          'Set the fare per started kilogram of a service to a zone (a new rate: the service now serves the zone)',
        description: `${shippingNote} Unknown zone: 404 STF210; unknown service: 404 STF211. Answers the zone. The next checkout quote uses it.`,
        params: AdminRateParamsSchema,
        body: AdminRateBodySchema,
        response: { 200: AdminShippingZoneResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await setRate(
          db,
          request.params.zone_id,
          request.params.service_id,
          request.body.price_per_kg,
          actor(request),
        ),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/shipping/rates/:zone_id/:service_id',
    {
      preValidation: staffOnly('shipping.manage'),
      schema: {
        tags: ['staff-shipping'],
        summary: 'Remove a rate: the service no longer serves the zone',
        description: `${shippingNote} Unknown zone: 404 STF210; no such rate: 404 STF212. Answers the zone.`,
        params: AdminRateParamsSchema,
        response: { 200: AdminShippingZoneResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await removeRate(db, request.params.zone_id, request.params.service_id, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.deleted),
      ),
  )

  app.post(
    '/v1/shipping/zones/:zone_id/areas',
    {
      preValidation: staffOnly('shipping.manage'),
      schema: {
        tags: ['staff-shipping'],
        summary: "Add a province ('51') or city ('32.01') to a zone (a city's zone wins over its province's)",
        description: `${shippingNote} Already in a zone: 409 STF213 (details name it; remove it there first). Not a loaded province or city: 422 STF215. Unknown zone: 404 STF210.`,
        params: AdminZoneParamsSchema,
        body: AdminZoneAreaBodySchema,
        response: { 200: AdminShippingZoneResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      envelope(
        await addZoneArea(db, request.params.zone_id, request.body.area_id, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/shipping/zones/:zone_id/areas/:area_id',
    {
      preValidation: staffOnly('shipping.manage'),
      schema: {
        tags: ['staff-shipping'],
        summary: 'Remove a province or city from a zone',
        description: `${shippingNote} Not in this zone: 404 STF214.`,
        params: AdminZoneAreaParamsSchema,
        response: { 200: AdminShippingZoneResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await removeZoneArea(db, request.params.zone_id, request.params.area_id, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.deleted),
      ),
  )
}
