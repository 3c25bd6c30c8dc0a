import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  ADDRESS_MESSAGES,
  AddressBodySchema,
  AddressCheckResponseSchema,
  AddressDeletedResponseSchema,
  AddressListResponseSchema,
  AddressParamsSchema,
  AddressResponseSchema,
  AppError,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import {
  addAddress,
  deleteAddress,
  listAddresses,
  makePrimary,
  needsUpdate,
  parseAddressId,
  updateAddress,
} from './addresses.service.ts'

const errors = errorResponses(400, 401, 403, 404, 422)
const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session). ' +
  'A guest signed in by phone gets 403 ADR003: guests give their address at guest checkout.'

/** The signed-in member's id; guests by phone have no saved addresses (docs/product/account.md §6). */
function memberId(request: FastifyRequest): number {
  if (request.customer.isGuest) throw new AppError('ADR003')
  return request.customer.idPelanggan
}

/** The address id of the path; anything that cannot be an id is not found (404, never 400/500). */
function addressId(id: string): number {
  const parsed = parseAddressId(id)
  if (parsed === null) throw new AppError('ADR001')
  return parsed
}

/**
 * Saved addresses (docs/product/account.md §7): list, add, edit, delete, the update check and the primary
 * switch. Answers are personal: `Cache-Control: private, no-store`.
 */
export default async function addressesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  privateAnswers(app)
  const auth = { preValidation: app.requireCustomer }

  // DELETE and alamat_priority carry no body (docs/product/account.md §7: payload "none").
  acceptEmptyJsonBody(app)

  app.get(
    '/v1/member/alamat',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: "The member's saved addresses, primary first",
        description: tokenNote,
        response: { 200: AddressListResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await listAddresses(db(), memberId(request))),
  )

  app.post(
    '/v1/member/alamat',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: 'Adds an address (the first one, or priority true/primary, becomes the primary address)',
        description:
          `${tokenNote} id_address_village must lie in destination_code and kode_pos must be its zip_code ` +
          '(422 ADR002).',
        body: AddressBodySchema,
        response: { 200: AddressResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(await addAddress(db(), memberId(request), request.body), request.say(ADDRESS_MESSAGES.added)),
  )

  app.patch(
    '/v1/member/alamat/:id',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: 'Replaces an address (same payload as POST); 404 ADR001 when not the member’s',
        description: `${tokenNote} priority false does not demote the primary address: make another one primary.`,
        params: AddressParamsSchema,
        body: AddressBodySchema,
        response: { 200: AddressResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(
        await updateAddress(db(), memberId(request), addressId(request.params.id), request.body),
        request.say(ADDRESS_MESSAGES.updated),
      ),
  )

  app.delete(
    '/v1/member/alamat/:id',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: 'Deletes an address; deleting the primary promotes the oldest other one',
        description: tokenNote,
        params: AddressParamsSchema,
        response: { 200: AddressDeletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = addressId(request.params.id)
      await deleteAddress(db(), memberId(request), id)
      return envelope({ id_alamat: id }, request.say(ADDRESS_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/member/cek_alamat',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: 'need_update: true when an address lacks its sub-district (id_address_village)',
        description: tokenNote,
        response: { 200: AddressCheckResponseSchema, ...errors },
      },
    },
    async (request) => envelope({ need_update: await needsUpdate(db(), memberId(request)) }),
  )

  app.patch(
    '/v1/member/alamat_priority/:id',
    {
      ...auth,
      schema: {
        tags: ['addresses'],
        summary: 'Makes the address the one primary address (the previous primary becomes second)',
        description: tokenNote,
        params: AddressParamsSchema,
        response: { 200: AddressResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(
        await makePrimary(db(), memberId(request), addressId(request.params.id)),
        request.say(ADDRESS_MESSAGES.primary),
      ),
  )
}
