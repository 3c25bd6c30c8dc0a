import type { FastifyInstance } from 'fastify'
import { AppError, say } from '@busana/contract/schemas'
import { boundJsonBodies as boundJson, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '@busana/server/json-body'

/**
 * The API's JSON parser, in the calling plugin's scope (apiPlugin for the whole API, wherever it is
 * mounted): the nesting bound of packages/server/src/json-body.ts, then Fastify's own parser. A
 * body nested past MAX_JSON_DEPTH is a 400 REQ001 before it is even parsed, in the request's
 * language, answered by the error handler as the client's mistake (nothing logged at error level).
 * With `emptyIsNone`, an empty body is no body (plugins/empty-json-body.ts).
 */
export function boundJsonBodies(app: FastifyInstance, options: { emptyIsNone?: boolean } = {}): void {
  boundJson(app, { ...options, tooDeep })
}

const tooDeep = () =>
  new AppError(
    'REQ001',
    say(TOO_DEEP_MESSAGE, `Isi JSON bersarang terlalu dalam (paling banyak ${MAX_JSON_DEPTH} tingkat)`),
  )
