import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AppError,
  ErrorEnvelopeSchema,
  WishlistAddBodySchema,
  WishlistChangeResponseSchema,
  WishlistParamsSchema,
  WishlistResponseSchema,
  WISHLIST_MESSAGES,
} from '@busana/contract/schemas'
import { envelope } from '../../plugins/envelope.ts'
import { PRIVATE_CACHE_CONTROL } from '../../plugins/http-cache.ts'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.ts'

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
}
const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session). ' +
  'The wishlist is shared by every brand of the group.'

function customerId(request: FastifyRequest): number {
  if (!request.member) throw new AppError('CLE001')
  return request.member.idPelanggan
}

/** The wishlist (spec 001 Wishlist): list, add, remove. Answers are `private, no-store`. */
export default async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  app.addHook('onRequest', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL)
  })
  // DELETE carries no body (spec: payload "none").
  acceptEmptyJsonBody(app)
  // Before validation: a call without a session is a 401 whatever its body.
  const auth = { preValidation: app.requireMember }

  app.get(
    '/v2/member/wishlist',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist: product cards, newest first, is_wishlist true',
        description: tokenNote,
        response: { 200: WishlistResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await listWishlist(db(), customerId(request))),
  )

  app.post(
    '/v2/member/wishlist',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'Adds a product (idempotent)',
        description: `${tokenNote} 404 CAT001 for an unknown product; 422 WSH001 when the wishlist is full.`,
        body: WishlistAddBodySchema,
        response: { 200: WishlistChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(
        { product_code: await addToWishlist(db(), customerId(request), request.body.product_code) },
        WISHLIST_MESSAGES.added,
      ),
  )

  app.delete(
    '/v2/member/wishlist/:code',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'Removes a product (idempotent)',
        description: tokenNote,
        params: WishlistParamsSchema,
        response: { 200: WishlistChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(
        { product_code: await removeFromWishlist(db(), customerId(request), request.params.code) },
        WISHLIST_MESSAGES.removed,
      ),
  )
}
