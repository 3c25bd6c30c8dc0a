/**
 * A port nothing listens on, for a server a script starts. Plain JavaScript so that
 * scripts/check-pruned.mjs, which runs without tsx, shares it with the TypeScript scripts.
 *
 * @returns {Promise<number>}
 */
import { createServer } from 'node:net'

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
