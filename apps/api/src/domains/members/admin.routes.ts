import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { DEFAULT_MESSAGE_LANGUAGE, MAIN_BRAND_ID } from '@busana/contract'
import {
  ADMIN_MEMBER_MESSAGES,
  AdminMemberDetailResponseSchema,
  AdminMemberLookupQuerySchema,
  AdminMemberOrdersResponseSchema,
  AdminMemberParamsSchema,
  AdminMemberResendBodySchema,
  AdminMemberResendResponseSchema,
  AdminMemberResponseSchema,
  AdminMembersResponseSchema,
  AdminMemberUpdateBodySchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { recordAudit, staffCallNote, staffScope } from '../staff/index.ts'
import {
  lookupMembers,
  memberDetail,
  memberOrders,
  resendMemberCode,
  setMemberDisabled,
  type MemberRecords,
} from './members-admin.service.ts'

/** Members are support's (and the owner's). */
const note = staffCallNote('members.manage')

/**
 * The back office's member calls (/api/admin/v1/members/…): thin routes over
 * members-admin.service.ts. Staff tokens only: a member's token is not a staff session (401
 * STF002), and a staff token is no member session on the shop's calls (401 CLE001).
 */
export default async function staffMembersRoutes(fastify: FastifyInstance, records: MemberRecords) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { staffOnly, auditActorOf } = await staffScope(app)
  const db = app.database.db
  const guard = staffOnly('members.manage')
  /** A member's details read by staff, in the audit log (issue 26 item 9): who looked at whom. */
  const viewed = (request: FastifyRequest, idPelanggan: number, part: 'detail' | 'orders') =>
    recordAudit(db, auditActorOf(request), {
      action: 'member.view',
      targetType: 'member',
      targetId: idPelanggan,
      changes: { part },
    })

  app.get(
    '/v1/members',
    {
      preValidation: guard,
      schema: {
        tags: ['staff-members'],
        summary: 'Find members by e-mail or phone (pending registrations and guests by phone included)',
        description:
          `${note} Give email or phone (8…, 08…, 628… or +628…, normalised to 08…). Verified first, then ` +
          'newest; at most 50. An empty list when none matches. Audited (member.lookup).',
        querystring: AdminMemberLookupQuerySchema,
        response: { 200: AdminMembersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const found = await lookupMembers(db, request.query)
      await recordAudit(db, auditActorOf(request), {
        action: 'member.lookup',
        targetType: 'member',
        targetId: found.length === 1 ? found[0]!.id_pelanggan : 'search',
        changes: { ...request.query, found: found.length },
      })
      return envelope(found)
    },
  )

  app.get(
    '/v1/members/:id_pelanggan',
    {
      preValidation: guard,
      schema: {
        tags: ['staff-members'],
        summary: 'One member with their saved addresses',
        description: `${note} Unknown id: 404 STF220. Audited (member.view).`,
        params: AdminMemberParamsSchema,
        response: { 200: AdminMemberDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await memberDetail(db, records, request.params.id_pelanggan)
      await viewed(request, request.params.id_pelanggan, 'detail')
      return envelope(member)
    },
  )

  app.get(
    '/v1/members/:id_pelanggan/orders',
    {
      preValidation: guard,
      schema: {
        tags: ['staff-members'],
        summary: "A member's orders, newest first (number, date, status, total, waybill)",
        description: `${note} At most 200. Unknown id: 404 STF220. Audited (member.view).`,
        params: AdminMemberParamsSchema,
        response: { 200: AdminMemberOrdersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const orders = await memberOrders(db, records, request.params.id_pelanggan)
      await viewed(request, request.params.id_pelanggan, 'orders')
      return envelope(orders)
    },
  )

  app.post(
    '/v1/members/:id_pelanggan/resend-code',
    {
      preValidation: guard,
      schema: {
        tags: ['staff-members'],
        summary:
          "Send a member a code: a pending registration's verification code, else a sign-in code to their phone",
        description:
          `${note} Through the shop's own sends and every limit of them: per phone (429 OTP003 with ` +
          "Retry-After), the shop's hourly budget (429 OTP004), 50 per address an hour (429 REQ006), 5 codes per " +
          'registration (404 MEM003). A disabled member: 409 STF221. Unknown id: 404 STF220.',
        params: AdminMemberParamsSchema,
        body: AdminMemberResendBodySchema,
        response: {
          200: AdminMemberResendResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 502),
        },
      },
    },
    async (request) =>
      envelope(
        await resendMemberCode(
          db,
          app.messaging,
          request.params.id_pelanggan,
          request.body.type,
          auditActorOf(request),
          // The member's page language is not kept: the main brand, in the shop's default language.
          {
            brand: (await records.brandName(db, MAIN_BRAND_ID)) ?? 'Busana',
            language: DEFAULT_MESSAGE_LANGUAGE,
          },
          app.config.OTP_HOURLY_BUDGET,
        ),
        request.say(ADMIN_MEMBER_MESSAGES.codeSent),
      ),
  )

  app.patch(
    '/v1/members/:id_pelanggan',
    {
      preValidation: guard,
      schema: {
        tags: ['staff-members'],
        summary: 'Disable a member (every session ends at once, sign-in refused) or enable them again',
        description:
          `${note} A disabled member signing in with the right credentials gets 403 STF222; their tokens ` +
          'answer 401 CLE001. Unknown id: 404 STF220.',
        params: AdminMemberParamsSchema,
        body: AdminMemberUpdateBodySchema,
        response: { 200: AdminMemberResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { disabled } = request.body
      const member = await setMemberDisabled(db, request.params.id_pelanggan, disabled, auditActorOf(request))
      return envelope(
        member,
        request.say(disabled ? ADMIN_MEMBER_MESSAGES.disabled : ADMIN_MEMBER_MESSAGES.enabled),
      )
    },
  )
}
