import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod'
import {
  AppError,
  catalogueMessage,
  ErrorEnvelopeSchema,
  errors,
  indonesianFieldMessage,
  localiseValidationMessage,
  type Envelope,
  type ErrorCode,
  type ErrorEnvelope,
  type Localized,
  type MessageLanguage,
} from '@busana/contract/schemas'
import { languageOf } from './language.ts'

/** The `response` schemas of a route's error statuses: every error answers the one error envelope. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeSchema])) as Record<
    S,
    typeof ErrorEnvelopeSchema
  >
}

/** Wraps a payload in the envelope every answer shares. */
export function envelope<T>(data: T, message = 'Success', status = 200): Envelope<T> {
  return { status, message, data }
}

/** Wraps one page of a paged answer (`data` and `total_pages`). */
export function pagedEnvelope<T>(data: T, totalPages: number, message = 'Success') {
  return { status: 200, message, data, total_pages: totalPages }
}

/**
 * The error envelope of `code`. `message` defaults to the catalogue's; `lng` picks the language of
 * a catalogue or Localized message (a plain string answers as is).
 */
export function errorEnvelope(
  code: ErrorCode,
  message?: string | Localized,
  fields?: ErrorEnvelope['errors'],
  lng: MessageLanguage = 'en',
): ErrorEnvelope {
  const text = message ?? catalogueMessage(code)
  const body: ErrorEnvelope = {
    status: errors[code].status,
    message: typeof text === 'string' ? text : text[lng],
    code,
    data: null,
  }
  if (fields) body.errors = fields
  return body
}

/** Names of the request parts as a shopper-facing developer would read them. */
const partNames: Record<string, string> = {
  querystring: 'query parameter',
  body: 'body field',
  params: 'path parameter',
  headers: 'header',
}

/** Fastify's own client errors, mapped to catalogue codes. */
function clientErrorCode(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'REQ004'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'REQ005'
  }
  if (error.statusCode === 429) return 'REQ006'
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'REQ001'
  return undefined
}

/** Fastify's framework errors (met before routing), mapped to catalogue codes. */
const frameworkErrorCodes: Partial<Record<string, ErrorCode>> = {
  FST_ERR_BAD_URL: 'REQ007',
  FST_ERR_MAX_PARAM_LENGTH: 'REQ008',
}

/**
 * Fastify's `frameworkErrors` option for the API. Errors met before routing (a URL whose
 * percent-encoding cannot be decoded, a path segment past maxParamLength) never reach the error
 * handler, and Fastify would answer them with its own JSON body: here they get the envelope. Any
 * other framework error is the request's fault too (400 REQ001), never a 500.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = frameworkErrorCodes[error.code] ?? 'REQ001'
  request.log.info({ code: error.code }, 'rejected before routing')
  return reply
    .status(errors[code].status)
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id)
    .send(errorEnvelope(code, undefined, undefined, languageOf(request)))
}

/** Field messages of a REQ001 in the request's language (generic reasons; a schema's own words stay). */
function localiseFields(fields: ErrorEnvelope['errors'], language: MessageLanguage): ErrorEnvelope['errors'] {
  if (!fields || language === 'en') return fields
  return fields.map((field) => ({ ...field, message: indonesianFieldMessage(field.message) }))
}

/**
 * An AppError's `details` as the envelope's `errors`: each field's message as given, or in the
 * request's language when it comes in both (a refusal naming what is missing, issue 43).
 */
function detailFields(details: unknown[], language: MessageLanguage): ErrorEnvelope['errors'] {
  return (details as { field: string; message: string | Localized }[]).map(({ field, message }) => ({
    field,
    message: typeof message === 'string' ? message : message[language],
  }))
}

async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const fields = Array.isArray(error.details) ? detailFields(error.details, request.language) : undefined
      if (error.code === 'REQ001' && error.text.en === error.text.id) {
        const text = localiseValidationMessage(error.text.en, request.language)
        return reply.status(400).send(errorEnvelope('REQ001', text, localiseFields(fields, request.language)))
      }
      return reply.status(error.status).send(errorEnvelope(error.code, error.text, fields, request.language))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = partNames[error.validationContext ?? ''] ?? 'field'
      const fields = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
        const field =
          path || String((issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '')
        return { field, message: issue.message ?? 'is invalid' }
      })
      const first = fields[0]
      const message = first ? `Invalid ${part} '${first.field}': ${first.message}` : 'Invalid request'
      return reply
        .status(400)
        .send(
          errorEnvelope(
            'REQ001',
            localiseValidationMessage(message, request.language),
            localiseFields(fields, request.language),
          ),
        )
    }
    const code = clientErrorCode(error)
    if (code) {
      const status = code === 'REQ001' ? (error.statusCode ?? 400) : errors[code].status
      // Fastify's own words for REQ001 (English); the catalogue's, in the request's language, otherwise.
      const message = code === 'REQ001' ? error.message : undefined
      return reply
        .status(status)
        .send({ ...errorEnvelope(code, message, undefined, request.language), status })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorEnvelope('SRV001', undefined, undefined, request.language))
  })
}

export default fp(envelopePlugin, { name: 'envelope' })
