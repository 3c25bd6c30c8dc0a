/**
 * The bench's baseline (scripts/bench.ts): a bare Fastify 5 server in its own process, no plugin,
 * no logger, on loopback. `GET /<name>` answers the JSON body of `<name>` in the file given as the
 * first argument (name → JSON text, taken from the real API answers once), parsed back to an object
 * and serialised per request by `reply.send`, as any plain route would; `GET /<name>/raw` sends the
 * same text as is. Prints its origin on stdout.
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>
const app = Fastify({ logger: false })
for (const [name, text] of Object.entries(bodies)) {
  const payload: unknown = JSON.parse(text)
  app.get(`/${name}`, async (_request, reply) => reply.send(payload))
  // The same bytes already serialised, as the app sends a cached answer: the cost of the stack alone.
  app.get(`/${name}/raw`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(text))
}
const origin = await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${origin}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
