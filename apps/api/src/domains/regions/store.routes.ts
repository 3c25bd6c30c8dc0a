import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  CityListResponseSchema,
  CityQuerySchema,
  DistrictListResponseSchema,
  DistrictQuerySchema,
  ErrorEnvelopeSchema,
  ProvinceListResponseSchema,
  VillageListResponseSchema,
  VillageQuerySchema,
} from '@busana/contract/schemas'
import { envelope } from '../../plugins/envelope.ts'
import { publicReads } from '../../plugins/http-cache.ts'
import { listCities, listDistricts, listProvinces, listVillages } from './regions.service.ts'

const cacheNote =
  'Public and cacheable (`Cache-Control: public, max-age=60, stale-while-revalidate=300`, strong ETag). ' +
  'An unknown parent id gives an empty list; a malformed one a 400 naming the parameter.'

/**
 * Region option lists of the address cascade (docs/product/account.md §7): province → city → district
 * (destination_code) → village (zip_code). Reference data, the same for every brand and member, so
 * every answer is public and served from the process cache (plugins/http-cache.ts).
 */
export default async function regionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Public answers kept per instance and dropped when the regions changes (plugins/http-cache.ts).
  const read = publicReads(app, 'regions')
  const db = () => app.database.db

  /** GET /api/v1/master/province: every province. */
  app.get(
    '/v1/master/province',
    {
      schema: {
        tags: ['regions'],
        summary: 'Provinces: { province_id, province }',
        description: cacheNote,
        response: { 200: ProvinceListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'regions:province',
        params: {},
        schema: ProvinceListResponseSchema,
        load: async () => envelope(await listProvinces(db())),
      }),
  )

  /** GET /api/v1/master/city?province=: the cities of a province. */
  app.get(
    '/v1/master/city',
    {
      schema: {
        tags: ['regions'],
        summary: 'Cities of a province: { city_id, city }',
        description: cacheNote,
        querystring: CityQuerySchema,
        response: { 200: CityListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'regions:city',
        params: { province: request.query.province },
        schema: CityListResponseSchema,
        load: async () => envelope(await listCities(db(), request.query.province)),
      }),
  )

  /** GET /api/v1/master/subdistrict?city=: the districts of a city, with their destination_code. */
  app.get(
    '/v1/master/subdistrict',
    {
      schema: {
        tags: ['regions'],
        summary: 'Districts of a city: { subdistrict, destination_code }',
        description: cacheNote,
        querystring: DistrictQuerySchema,
        response: { 200: DistrictListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'regions:district',
        params: { city: request.query.city },
        schema: DistrictListResponseSchema,
        load: async () => envelope(await listDistricts(db(), request.query.city)),
      }),
  )

  /** GET /api/v1/pages/village?destination_code=: the villages of a district, with zip_code. */
  app.get(
    '/v1/pages/village',
    {
      schema: {
        tags: ['regions'],
        summary: 'Sub-districts (villages) of a district: { id, name, zip_code }',
        description: cacheNote,
        querystring: VillageQuerySchema,
        response: { 200: VillageListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'regions:village',
        params: { destination_code: request.query.destination_code },
        schema: VillageListResponseSchema,
        load: async () => envelope(await listVillages(db(), request.query.destination_code)),
      }),
  )
}
