import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { CampaignResponseSchema, MemberTokenQuerySchema } from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { campaignVouchers } from './campaign.service.ts'

const errors = errorResponses(400, 401)

/**
 * The campaign popup (docs/product/account.md §2, decision 034): its vouchers for a signed-in member. That
 * the member saw it is recorded by PUT /api/v1/member/is_campaign (members domain).
 */
export default async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  privateAnswers(app)

  app.get(
    '/v1/member/campaign',
    {
      preValidation: app.requireCustomer,
      schema: {
        tags: ['members'],
        summary: "The campaign popup's vouchers that checkout accepts now",
        description:
          'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session). ' +
          'The campaign vouchers (CAMPAIGN50K, CAMPAIGN100K, ONGKIR17K) that are active, started, not ended and ' +
          'not used up, in that order, with their minimum purchase and last valid moment (+07:00); an empty list ' +
          'when none is valid.',
        querystring: MemberTokenQuerySchema,
        response: { 200: CampaignResponseSchema, ...errors },
      },
    },
    async () => envelope(await campaignVouchers(app.database.db)),
  )
}
