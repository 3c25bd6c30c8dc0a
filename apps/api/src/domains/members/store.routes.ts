import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import {
  AppError,
  ChangePasswordBodySchema,
  CustomerRefSchema,
  ErrorEnvelopeSchema,
  ForgetBodySchema,
  IsCampaignBodySchema,
  IsCampaignQuerySchema,
  LoginCredentialsSchema,
  LoginOtpBodySchema,
  LoginOtpSendBodySchema,
  LoginOtpSendResponseSchema,
  MEMBER_MESSAGES,
  MemberTokenQuerySchema,
  MessageResponseSchema,
  ProfilePatchBodySchema,
  ProfileResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResendOtpBodySchema,
  SessionResponseSchema,
  VerifyOtpBodySchema,
  envelopeSchema,
  catalogueMessage,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { tokenOf } from '../../plugins/auth.ts'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import type { Db } from '../../db/client.ts'
import type { ShopperVoice } from '../otp/index.ts'
import * as members from './members.service.ts'

const failures = errorResponses(400, 401, 403, 404, 409, 422, 429, 502)
/** VER001 on login carries the customer id so the client can go to the code step (docs/product/account.md §4). */
const UnverifiedEnvelopeSchema = envelopeSchema(CustomerRefSchema).extend({ code: z.literal('VER001') })

/** Reads HTTP Basic credentials; a missing or malformed header is a 400 naming it. */
function basicCredentials(request: FastifyRequest) {
  const header = request.headers.authorization ?? ''
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (!match?.[1]) {
    throw new AppError(
      'REQ001',
      "Invalid header 'authorization': HTTP Basic credentials (username and password) are required",
    )
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const parsed = LoginCredentialsSchema.safeParse({
    username: colon >= 0 ? decoded.slice(0, colon) : decoded,
    password: colon >= 0 ? decoded.slice(colon + 1) : '',
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? 'username')
    throw new AppError('REQ001', `Invalid credentials field '${field}': ${issue?.message ?? 'is invalid'}`)
  }
  return parsed.data
}

/** What the members' calls are handed by app.ts (the catalog owns the brands; members cannot import it). */
export interface MembersRoutesOptions {
  /** A brand's shown name by id, or null (catalog's brandName). */
  brandName: (db: Db, idBrand: number) => Promise<string | null>
}

/**
 * Members (docs/product/account.md §4-8): registration and its code, sign-in by password or guest phone
 * code, forgotten and changed passwords, profile, campaign flag and logout. Handlers are thin:
 * every rule lives in members.service.ts.
 */
export default async function membersRoutes(fastify: FastifyInstance, options: MembersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  /** The storefront's brand and the page's language, for the codes and mails this call sends (issue 44). */
  const voiceOf = async (request: FastifyRequest): Promise<ShopperVoice> => ({
    brand: (await options.brandName(db, request.brandId)) ?? 'Busana',
    language: request.language,
  })
  const member = { preValidation: app.requireCustomer }
  // Answers about accounts are never cached by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  // logout carries no body; clients often still send `Content-Type: application/json`.
  acceptEmptyJsonBody(app)
  // A call that needs a body and sent none is checked as `{}`, so the 400 names each missing field
  // (e.g. 'phone') instead of the body as a whole.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {}
  })

  app.post(
    '/v2/member/register',
    {
      schema: {
        tags: ['members'],
        summary:
          'Register (unverified until the code step; no code is sent yet: resend_otp sends it by the chosen channel); answers code VER001 with id_pelanggan',
        body: RegisterBodySchema,
        response: { 200: RegisterResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { idPelanggan } = await members.register(db, request.body, request.ip)
      return {
        ...envelope({ id_pelanggan: idPelanggan }, request.say(MEMBER_MESSAGES.register)),
        code: 'VER001',
      }
    },
  )

  app.post(
    '/v2/member/resend_otp',
    {
      schema: {
        tags: ['members'],
        summary: 'Send the 4-digit registration code (the first or a new one) by SMS or WHATSAPP',
        body: ResendOtpBodySchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await members.resendRegistrationCode(
        db,
        app.messaging,
        request.body,
        request.ip,
        await voiceOf(request),
        app.config.OTP_HOURLY_BUDGET,
      )
      return envelope(null, request.say(MEMBER_MESSAGES.resend))
    },
  )

  app.post(
    '/v2/member/verify_otp',
    {
      schema: {
        tags: ['members'],
        summary: 'Check the registration code: the account is verified and signed in',
        body: VerifyOtpBodySchema,
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request) =>
      envelope(
        await members.verifyRegistration(db, request.body, request.ip),
        request.say(MEMBER_MESSAGES.verified),
      ),
  )

  app.post(
    '/v1/member/login',
    {
      schema: {
        tags: ['members'],
        summary: 'Sign in with HTTP Basic credentials (username = e-mail)',
        description:
          'Wrong e-mail or password: 401 CLE015 (the client must not log out). Unverified account: 403 VER001 ' +
          'with `data.id_pelanggan` (go to the code step). Limited per account and per address (429 REQ006).',
        response: {
          200: SessionResponseSchema,
          ...failures,
          403: UnverifiedEnvelopeSchema.or(ErrorEnvelopeSchema),
        },
      },
    },
    async (request, reply) => {
      const result = await members.login(db, basicCredentials(request), request.ip)
      if (result.kind === 'unverified') {
        return reply.status(403).send({
          status: 403,
          message: request.say(catalogueMessage('VER001')),
          code: 'VER001' as const,
          data: { id_pelanggan: result.idPelanggan },
        })
      }
      return envelope(result.user, request.say(MEMBER_MESSAGES.login))
    },
  )

  app.post(
    '/v1/member/login_otp_send',
    {
      schema: {
        tags: ['members'],
        summary: 'Send a 6-digit guest login code (valid 5 minutes) to a phone',
        body: LoginOtpSendBodySchema,
        response: { 200: LoginOtpSendResponseSchema, ...failures },
      },
    },
    async (request) => {
      await app.optionalMember(request)
      const sent = await members.sendGuestCode(db, app.messaging, request.body, request.ip, {
        hourlyBudget: app.config.OTP_HOURLY_BUDGET,
        caller: request.member,
        voice: await voiceOf(request),
      })
      return envelope({ expires_in: sent.expiresInSeconds }, request.say(MEMBER_MESSAGES.guestCode))
    },
  )

  app.post(
    '/v1/member/login_otp',
    {
      schema: {
        tags: ['members'],
        summary: 'Sign in as a guest with the phone code (is_guest true)',
        body: LoginOtpBodySchema,
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request) =>
      envelope(await members.loginGuest(db, request.body, request.ip), request.say(MEMBER_MESSAGES.guest)),
  )

  app.post(
    '/v1/member/forget',
    {
      schema: {
        tags: ['members'],
        summary: 'E-mail a temporary password (same answer whether or not the e-mail is registered)',
        body: ForgetBodySchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await members.forgetPassword(db, app.mail, request.body.email, request.ip, await voiceOf(request))
      return envelope(null, request.say(MEMBER_MESSAGES.forget))
    },
  )

  app.post(
    '/v1/member/change_password',
    {
      ...member,
      schema: {
        tags: ['members'],
        summary: 'Change the password (the old one must match; other sessions are revoked)',
        querystring: MemberTokenQuerySchema,
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await members.changePassword(db, request.customer, request.body, request.ip)
      return envelope(null, request.say(MEMBER_MESSAGES.password))
    },
  )

  app.get(
    '/v1/member/profile',
    {
      ...member,
      schema: {
        tags: ['members'],
        summary: 'The signed-in customer’s profile',
        querystring: MemberTokenQuerySchema,
        response: { 200: ProfileResponseSchema, ...failures },
      },
    },
    async (request) => envelope(await members.getProfile(db, request.customer, tokenOf(request) ?? '')),
  )

  app.patch(
    '/v1/member/profile',
    {
      ...member,
      schema: {
        tags: ['members'],
        summary: 'Edit name, birth date, gender, occupation and instagram (e-mail and phone are fixed)',
        querystring: MemberTokenQuerySchema,
        body: ProfilePatchBodySchema,
        response: { 200: ProfileResponseSchema, ...failures },
      },
    },
    async (request) =>
      envelope(
        await members.updateProfile(db, request.customer, request.body, tokenOf(request) ?? ''),
        request.say(MEMBER_MESSAGES.profile),
      ),
  )

  app.put(
    '/v1/member/is_campaign',
    {
      ...member,
      schema: {
        tags: ['members'],
        summary: 'Record that the campaign popup was shown',
        querystring: IsCampaignQuerySchema,
        body: IsCampaignBodySchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await members.setCampaign(db, request.customer, request.body.is_campaign, request.query.id_pelanggan)
      return envelope(null, request.say(MEMBER_MESSAGES.campaign))
    },
  )

  app.post(
    '/v1/member/logout',
    {
      ...member,
      schema: {
        tags: ['members'],
        summary: 'Revoke the session of the token (our call: docs/product names none)',
        querystring: MemberTokenQuerySchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await members.logout(db, request.customer)
      return envelope(null, request.say(MEMBER_MESSAGES.logout))
    },
  )
}
