import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  WishlistAddBodySchema,
  WishlistChangeResponseSchema,
  WishlistParamsSchema,
  WishlistResponseSchema,
  WISHLIST_MESSAGES,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.ts'

const errors = errorResponses(400, 401, 404, 422)
const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session). ' +
  'The wishlist is shared by every brand of the group.'

/** The wishlist (docs/product/account.md §2 (Wishlist)): list, add, remove. Answers are `private, no-store`. */
export default async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  privateAnswers(app)
  // DELETE carries no body (docs/product: payload "none").
  acceptEmptyJsonBody(app)
  const auth = { preValidation: app.requireCustomer }

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
    async (request) => envelope(await listWishlist(db(), request.customer.idPelanggan)),
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
        { product_code: await addToWishlist(db(), request.customer.idPelanggan, request.body.product_code) },
        request.say(WISHLIST_MESSAGES.added),
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
        { product_code: await removeFromWishlist(db(), request.customer.idPelanggan, request.params.code) },
        request.say(WISHLIST_MESSAGES.removed),
      ),
  )
}
