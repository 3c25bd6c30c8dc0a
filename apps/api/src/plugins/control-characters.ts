import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@busana/contract/schemas'

const PARTS = [
  ['params', 'path parameter'],
  ['query', 'query parameter'],
  ['body', 'body field'],
] as const

/**
 * Every text a client sends to the API, in any field of any call, refuses control characters with
 * 400 REQ001 before the route's own validation (issue 11): one check for every schema present and
 * future, so a NUL can never reach PostgreSQL (which refuses it: a 500 once) nor a control sequence
 * a log, a terminal or an e-mail. Tab and line breaks stay allowed here (an address may hold them);
 * one-line fields refuse them in their schema (`printable` in packages/contract/src/text.ts).
 * The walk is iterative and a JSON body reaches it at most 32 levels deep (plugins/json-body.ts
 * refuses deeper ones as they are parsed, issue 38); query strings and path parameters are flat.
 */
async function controlCharactersPlugin(app: FastifyInstance) {
  // A callback hook: an async one costs a promise and a microtask per request (issue 41).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const [part, name] of PARTS) {
      const found = findControlCharacter(request[part])
      if (found) {
        const field = found.join('.')
        return done(
          new AppError('REQ001', `Invalid ${name} '${field}': ${CONTROL_CHARACTER_MESSAGE}`, [
            { field, message: CONTROL_CHARACTER_MESSAGE },
          ]),
        )
      }
    }
    done()
  })
}

export default fp(controlCharactersPlugin, { name: 'control-characters' })
