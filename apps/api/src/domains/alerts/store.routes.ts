import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  ALERT_MESSAGES,
  AlertCreateBodySchema,
  AlertDeleteResponseSchema,
  AlertListResponseSchema,
  AlertParamsSchema,
  AlertResponseSchema,
  MAX_ALERTS,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import { createAlert, deleteAlert, listAlerts } from './alerts.service.ts'

const errors = errorResponses(400, 401, 404, 422)
const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session). ' +
  'An alert is spent by the one message it causes (WhatsApp or SMS, and e-mail for a verified address), ' +
  'sent only while the member has marketing messages on (profile `marketing_messages`).'

/** A member's alerts (issue 42): ask, list, turn off. Answers are `private, no-store`. */
export default async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  privateAnswers(app)
  acceptEmptyJsonBody(app)
  const auth = { preValidation: app.requireCustomer }

  app.get(
    '/v1/member/alerts',
    {
      ...auth,
      schema: {
        tags: ['alerts'],
        summary: "The member's waiting alerts, newest first",
        description: tokenNote,
        response: { 200: AlertListResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await listAlerts(db(), request.customer.idPelanggan)),
  )

  app.post(
    '/v1/member/alerts',
    {
      ...auth,
      schema: {
        tags: ['alerts'],
        summary:
          'Asks to be told when a sold-out size is back (BACK_IN_STOCK) or the price drops (PRICE_DROP)',
        description:
          `${tokenNote} BACK_IN_STOCK needs \`sku_product\`, a size of the product that is out of stock ` +
          '(422 ALR002 when it can be bought now, 404 ALR004 when it is not the product’s); PRICE_DROP takes ' +
          'none and keeps the price shown now. 404 CAT001 for an unknown product. Asking again for one that ' +
          `waits answers it. At most ${MAX_ALERTS} waiting: 422 ALR003.`,
        body: AlertCreateBodySchema,
        response: { 200: AlertResponseSchema, ...errors },
      },
    },
    async (request) => {
      const alert = await createAlert(db(), request.customer.idPelanggan, request.body, request.language)
      return envelope(
        alert,
        request.say(alert.kind === 'BACK_IN_STOCK' ? ALERT_MESSAGES.backInStock : ALERT_MESSAGES.priceDrop),
      )
    },
  )

  app.delete(
    '/v1/member/alerts/:id',
    {
      ...auth,
      schema: {
        tags: ['alerts'],
        summary: 'Turns a waiting alert off',
        description: `${tokenNote} 404 ALR001 for an alert that is not the member’s or not waiting.`,
        params: AlertParamsSchema,
        response: { 200: AlertDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteAlert(db(), request.customer.idPelanggan, Number(request.params.id))
      return envelope({ id: request.params.id }, request.say(ALERT_MESSAGES.removed))
    },
  )
}
