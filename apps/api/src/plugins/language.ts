import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  LANGUAGE_QUERY,
  languageCookieOf,
  negotiateLanguage,
  pick,
  type Localized,
  type MessageLanguage,
} from '@busana/contract/schemas'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language of this request's messages (success `message` and the error envelope's): its
     * Accept-Language, 'id' or 'en', English when it names neither. The storefront sends the
     * shopper's page language on every call.
     */
    readonly language: MessageLanguage
    /** `text` in this request's language. */
    say(text: Localized): string
  }
}

/**
 * The request's message language, read from its Accept-Language only (decision 027; also before
 * routing, where no hook ran): the contract's negotiation, given the header.
 */
export const languageOf = (request: Pick<FastifyRequest, 'headers'>): MessageLanguage =>
  negotiateLanguage({ acceptLanguage: request.headers['accept-language'] })

/**
 * The language of a page the storefront shows (How to Pay, tracking texts): the contract's
 * negotiation of `?lng`, the `i18next` cookie and Accept-Language, as the storefront renders pages
 * (docs/product/account.md §9). The cookie is read by the contract (languageCookieOf), not from
 * `request.cookies`: @fastify/cookie is registered in the staff scope only
 * (domains/staff/staff-scope.ts), so the shop's requests carry no `request.cookies`, and
 * registering it for the whole API would clash with that scope's own registration.
 */
export function pageLanguageOf(request: {
  query?: unknown
  headers: { cookie?: string | string[]; 'accept-language'?: string | string[] }
}): MessageLanguage {
  const query = (request.query ?? {}) as Record<string, unknown>
  const header = request.headers.cookie
  return negotiateLanguage({
    query: query[LANGUAGE_QUERY],
    cookie: typeof header === 'string' ? languageCookieOf(header) : undefined,
    acceptLanguage: request.headers['accept-language'],
  })
}

async function languagePlugin(app: FastifyInstance) {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return languageOf(this)
    },
  })
  app.decorateRequest('say', function say(this: FastifyRequest, text: Localized) {
    return pick(text, this.language)
  })
}

export default fp(languagePlugin, { name: 'language' })
