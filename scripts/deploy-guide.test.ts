import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { parseEnv, proxyTrustWarning, ServerEnvSchema } from '@busana/server/config'
import { serverOptions } from '@busana/server/http'
import { storeEnvironment } from '../apps/web/e2e/nginx.ts'

/**
 * The deployment guide's choice of where a store process listens and whose X-Forwarded-For it
 * believes (issue 38): with `TRUST_PROXY=1` and no `HOST`, a process listened on every interface,
 * and 70 requests sent straight to it with a rotating X-Forwarded-For passed a limit of 60. The
 * systemd unit (deploy/systemd/busana@.service), the guide that shows it (docs/deploy.md), the
 * nginx configuration's notes and the nginx journeys' store processes (apps/web/e2e/nginx.ts) all
 * say the same, and what they say keeps a shopper from choosing the address a limit counts.
 */
const root = new URL('..', import.meta.url).pathname
const read = (file: string) => readFileSync(root + file, 'utf8')
const unitFile = read('deploy/systemd/busana@.service')
const guide = read('docs/deploy.md')
const unit = storeEnvironment()

/** request.ip, the address every per-address limit counts, for each of `requests` on a root configured by `env`. */
async function addressesSeen(
  env: Record<string, string>,
  requests: Array<{ peer: string; forwardedFor: string }>,
): Promise<string[]> {
  const config = parseEnv(ServerEnvSchema, { LOG_LEVEL: 'silent', ...env })
  const app = Fastify(serverOptions(config, false))
  app.get('/who', async (request) => ({ ip: request.ip }))
  try {
    const seen: string[] = []
    for (const { peer, forwardedFor } of requests) {
      const res = await app.inject({
        url: '/who',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor },
      })
      seen.push((res.json() as { ip: string }).ip)
    }
    return seen
  } finally {
    await app.close()
  }
}

/** 70 requests straight from one client (not the proxy), each with an X-Forwarded-For of its own choosing. */
const rotating = Array.from({ length: 70 }, (_, i) => ({
  peer: '203.0.113.9',
  forwardedFor: `198.51.100.${i + 1}`,
}))

describe("the deployment guide's HOST and TRUST_PROXY", () => {
  it('binds the store to loopback and trusts only the proxy there, not a hop count', () => {
    expect(unit.HOST).toBe('127.0.0.1')
    const config = parseEnv(ServerEnvSchema, unit)
    expect(typeof config.TRUST_PROXY).toBe('string')
    expect(config.TRUST_PROXY).toBe('127.0.0.1')
    expect(proxyTrustWarning(config)).toBeUndefined()
  })

  it('a client connecting directly with a rotating X-Forwarded-For is counted as one address', async () => {
    const seen = await addressesSeen({ TRUST_PROXY: unit.TRUST_PROXY }, rotating)
    expect(new Set(seen)).toEqual(new Set(['203.0.113.9']))
    // What the guide used to say: a hop count believes the directly connected client.
    const withHopCount = await addressesSeen({ TRUST_PROXY: '1' }, rotating)
    expect(new Set(withHopCount).size).toBe(70)
  })

  it("through nginx, the shopper's address nginx appended is counted, whatever the shopper wrote", async () => {
    const seen = await addressesSeen({ TRUST_PROXY: unit.TRUST_PROXY }, [
      { peer: '127.0.0.1', forwardedFor: '198.51.100.7' },
      { peer: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.8' },
    ])
    expect(seen).toEqual(['198.51.100.7', '198.51.100.8'])
  })

  it('the guide shows the unit as written and names the same settings; no hop count is left in it', () => {
    const shown = /```ini\n([\s\S]*?)```/.exec(guide)?.[1]
    expect(shown, 'docs/deploy.md shows the systemd unit').toBeDefined()
    expect(unitFile.endsWith(shown!)).toBe(true)
    expect(guide).toContain(`\`TRUST_PROXY=${unit.TRUST_PROXY}\``)
    expect(guide).toContain(`\`HOST=${unit.HOST}\``)
    // A hop count is named in the guide only to say why not; no setting recommends one.
    const settings = guide.split('\n').filter((line) => line.startsWith('|'))
    expect(settings.filter((line) => /TRUST_PROXY=\d+\b(?!\.)/.test(line))).toEqual([])
    expect(read('deploy/nginx/busana.conf')).not.toMatch(/TRUST_PROXY=\d+\b(?!\.)/)
    expect(read('deploy/nginx/busana.conf')).toContain(`TRUST_PROXY=${unit.TRUST_PROXY}`)
  })
})
