import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  negotiateMessageLanguage,
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

/** The request's message language, read from its headers (also before routing, where no hook ran). */
export const languageOf = (request: Pick<FastifyRequest, 'headers'>): MessageLanguage =>
  negotiateMessageLanguage(request.headers['accept-language'])

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
