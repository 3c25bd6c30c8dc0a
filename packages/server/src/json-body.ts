import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * How deep a JSON body may nest (arrays and objects), in every root and in the API wherever it is
 * mounted. The deepest body any API route takes is 5 levels (an order's lines and their bundle
 * items); 32 leaves room for any schema to come and keeps every later walk of a body (zod, the
 * control-character check, JSON.stringify, a log line) shallow. Issue 38: 5000 levels
 * (`'['*5000 + ']'*5000`, 10 KB) overflowed the stack of recursive walks (the API's
 * control-character check, the storefront's JSON.stringify of a page's body), a 500 with a
 * RangeError at error level, and sixty such posts held /livez for everyone.
 */
export const MAX_JSON_DEPTH = 32

/** What a body nested too deeply is told (the API says it in the request's language). */
export const TOO_DEEP_MESSAGE = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`

const OPEN_ARRAY = 0x5b // [
const OPEN_OBJECT = 0x7b // {
const CLOSE_ARRAY = 0x5d // ]
const CLOSE_OBJECT = 0x7d // }
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass without recursion:
 * brackets inside strings are text. Says nothing of whether the text is valid JSON (the parser does).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Each level takes an opening bracket: a shorter text cannot go past the bound.
  if (text.length <= max) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return false
}

export interface BoundJsonOptions {
  /** An empty body is no body instead of Fastify's 400 (body-less calls sent as JSON). */
  emptyIsNone?: boolean
  /** The error a too-deep body fails with; by default a plain 400 the root's error handler answers. */
  tooDeep?: () => Error
}

/** A client's mistake: a 400 every error handler reads as one (statusCode), never logged as an error. */
const badRequest = () => Object.assign(new Error(TOO_DEEP_MESSAGE), { statusCode: 400 })

/**
 * Replaces, in the calling plugin's scope, the `application/json` parser with Fastify's own (its
 * prototype-poisoning protection included) behind the depth bound: a body nested past
 * MAX_JSON_DEPTH fails as it is parsed, so no hook, schema, handler or render ever walks it.
 */
export function boundJsonBodies(app: FastifyInstance, options: BoundJsonOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const tooDeep = options.tooDeep ?? badRequest
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (options.emptyIsNone && text.trim() === '') return done(null, undefined)
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep())
      return parseJson(request, text, done)
    },
  )
}
