import { connect, type Socket } from 'node:net'
import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv, ServerEnvSchema } from './config.ts'
import { serverOptions, serverShell } from './http.ts'
import { gracefulShutdown, readiness, type ShutdownSteps } from './lifecycle.ts'

/**
 * Graceful shutdown (docs/decisions/045-graceful-restarts.md) on a real listening root: what the
 * drain answers, which connections it closes, in which order the steps run, and what
 * SHUTDOWN_TIMEOUT_MS does. `exit` is a stand-in, so the test process lives on.
 */

const parseConfig = (env: Record<string, string>) => parseEnv(ServerEnvSchema, env)

interface Line {
  level: number
  msg: string
  step?: string
  timeout_ms?: number
}

const sockets: Socket[] = []
const apps: FastifyInstance[] = []
/** Opens every /slow still holding a request (a test that timed out left one). */
const releases: Array<() => void> = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const release of releases.splice(0)) release()
  for (const app of apps.splice(0)) await app.close().catch(() => {})
})

/** Something to wait on that the test opens when it chooses. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/**
 * A listening root with the shared options, /readyz and a /slow route that answers once `release`
 * is opened (`entered` tells that a request reached it). Logs at info into `lines`.
 */
async function root(env: Record<string, string> = {}) {
  const lines: Line[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as Line)
      done()
    },
  })
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ACCESS_LOG_SAMPLE: '1000', ...env })
  const app = Fastify(serverOptions(config, { level: 'info', stream }))
  await app.register(serverShell)
  await app.register(readiness)
  const release = gate()
  releases.push(release.open)
  let entered = gate()
  let reached = 0
  app.get('/slow', async () => {
    reached++
    entered.open()
    await release.opened
    return { answered: true }
  })
  app.get('/fast', async () => ({ fast: true }))
  const events: string[] = []
  app.addHook('onResponse', async (request) => {
    if (request.url === '/slow') events.push('answered')
  })
  app.addHook('onClose', async () => void events.push('fastify closed'))
  await app.listen({ host: '127.0.0.1', port: 0 })
  apps.push(app)
  const port = (app.server.address() as AddressInfo).port
  return {
    app,
    config,
    port,
    lines,
    /** What happened, in order: /slow answered, Fastify's onClose, and what a test adds. */
    events,
    release: release.open,
    /** Resolves when a request has reached /slow since the last call. */
    entered: () => {
      const current = entered.opened
      return current.then(() => {
        entered = gate()
        return reached
      })
    },
  }
}

/** A shutdown whose exit codes are recorded instead of ending the process. */
function shutdownOf(
  app: FastifyInstance,
  config: { SHUTDOWN_TIMEOUT_MS: number; SHUTDOWN_DELAY_MS: number },
  steps: ShutdownSteps = {},
) {
  const codes: number[] = []
  const shutdown = gracefulShutdown(app, config, steps, (code) => void codes.push(code))
  return { codes, shutdown }
}

interface Answer {
  status: number
  connection: string | undefined
  body: string
}

/** GET over a fresh connection (no agent), resolving with the answer or rejecting with the socket's error. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A raw socket to the root, with everything it has received so far and whether it has closed. */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  await new Promise((resolve) => socket.once('connect', resolve))
  const state = { received: '', closed: false }
  socket.on('data', (chunk) => (state.received += chunk))
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      state.closed = true
      resolve()
    }),
  )
  return { socket, state, closed }
}

const until = async (check: () => boolean, what: string) => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('graceful shutdown', () => {
  it('answers the request in flight, then closes the server, then runs afterClose, and exits 0', async () => {
    const { app, config, port, release, entered, events: order } = await root()
    const { codes, shutdown } = shutdownOf(app, config, {
      onDrain: () => void order.push('drain'),
      afterClose: async () => void order.push('afterClose'),
    })
    const inFlight = get(port, '/slow')
    await entered()
    const done = shutdown('SIGTERM')
    expect(order).toEqual(['drain'])
    // No SHUTDOWN_DELAY_MS: the listener closes once it has taken what the kernel had queued (a
    // turn or two of the event loop); then a new connection is refused, and the process still
    // answers /readyz 503 to an in-process call.
    await until(() => !app.server.listening, 'the listener to close')
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503)
    release()
    const answer = await inFlight
    expect(answer).toEqual({ status: 200, connection: 'close', body: '{"answered":true}' })
    await done
    expect(order).toEqual(['drain', 'answered', 'fastify closed', 'afterClose'])
    expect(codes).toEqual([0])
  })

  it('with SHUTDOWN_DELAY_MS, keeps serving meanwhile with /readyz 503 and Connection: close, then closes', async () => {
    const { app, port } = await root()
    expect(await get(port, '/readyz')).toMatchObject({ status: 200, body: '{"status":"ok"}' })
    const { codes, shutdown } = shutdownOf(app, { SHUTDOWN_TIMEOUT_MS: 5000, SHUTDOWN_DELAY_MS: 400 })
    const began = performance.now()
    const done = shutdown('SIGTERM')
    expect(await get(port, '/readyz')).toEqual({
      status: 503,
      connection: 'close',
      body: '{"status":"draining"}',
    })
    expect(await get(port, '/fast')).toMatchObject({ status: 200, connection: 'close' })
    await done
    expect(performance.now() - began).toBeGreaterThanOrEqual(390)
    expect(codes).toEqual([0])
    await expect(get(port, '/readyz')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('closes an idle keep-alive connection when the listener closes, not after the keep-alive timeout', async () => {
    const { app, config, port } = await root()
    const idle = await rawConnection(port)
    idle.socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n')
    await until(() => idle.state.received.includes('{"fast":true}'), 'the first answer')
    expect(idle.state.received).toMatch(/connection: keep-alive/i)
    const { codes, shutdown } = shutdownOf(app, config)
    const began = performance.now()
    await shutdown('SIGTERM')
    await idle.closed
    expect(codes).toEqual([0])
    // keepAliveTimeout is 10 s (http.ts): the drain did not wait for it.
    expect(performance.now() - began).toBeLessThan(2000)
  })

  it('answers a request that arrives on an open connection after the drain began (Fastify would refuse it 503)', async () => {
    const { app, config, port } = await root()
    // Headers begun before the drain: the connection is busy, not idle, so it stays open.
    const late = await rawConnection(port)
    late.socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const { codes, shutdown } = shutdownOf(app, config)
    const done = shutdown('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(late.state.closed).toBe(false)
    late.socket.write('Connection: keep-alive\r\n\r\n')
    await late.closed
    expect(late.state.received).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(late.state.received).toMatch(/connection: close/i)
    expect(late.state.received).toContain('{"fast":true}')
    await done
    expect(codes).toEqual([0])
  })

  it('a busy keep-alive connection gets its answer with Connection: close and is then closed', async () => {
    const { app, config, port, release, entered } = await root()
    const busy = await rawConnection(port)
    busy.socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n')
    await entered()
    const { codes, shutdown } = shutdownOf(app, config)
    const done = shutdown('SIGTERM')
    release()
    await busy.closed
    expect(busy.state.received).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(busy.state.received).toMatch(/connection: close/i)
    await done
    expect(codes).toEqual([0])
  })

  it('exits 1 with a log line naming the step when SHUTDOWN_TIMEOUT_MS passes before a request is answered', async () => {
    const { app, port, lines, entered } = await root()
    get(port, '/slow').catch(() => {})
    await entered()
    const { codes, shutdown } = shutdownOf(app, { SHUTDOWN_TIMEOUT_MS: 300, SHUTDOWN_DELAY_MS: 0 })
    const began = performance.now()
    void shutdown('SIGTERM')
    await until(() => codes.length > 0, 'the exit')
    const took = performance.now() - began
    expect(codes).toEqual([1])
    expect(took).toBeGreaterThanOrEqual(290)
    expect(took).toBeLessThan(1500)
    const timedOut = lines.find((line) => line.msg.startsWith('shutdown timed out'))
    expect(timedOut).toMatchObject({ level: 50, timeout_ms: 300, step: 'answering the requests in flight' })
  })

  it('exits 1 when afterClose hangs past SHUTDOWN_TIMEOUT_MS, and when it fails', async () => {
    const hung = await root()
    const stuck = shutdownOf(
      hung.app,
      { SHUTDOWN_TIMEOUT_MS: 200, SHUTDOWN_DELAY_MS: 0 },
      { afterClose: () => new Promise(() => {}) },
    )
    void stuck.shutdown('SIGTERM')
    await until(() => stuck.codes.length > 0, 'the exit')
    expect(stuck.codes).toEqual([1])
    expect(hung.lines.find((line) => line.msg.startsWith('shutdown timed out'))?.step).toBe(
      'finishing the running job and closing the database',
    )

    const failing = await root()
    const broken = shutdownOf(failing.app, failing.config, {
      afterClose: async () => {
        throw new Error('pool end failed')
      },
    })
    await broken.shutdown('SIGTERM')
    expect(broken.codes).toEqual([1])
    expect(failing.lines.find((line) => line.msg === 'error during shutdown')).toMatchObject({ level: 50 })
  })

  it('runs once whatever signals arrive (npm forwards a Ctrl-C the terminal sent too)', async () => {
    const { app, config } = await root()
    let drains = 0
    const { codes, shutdown } = shutdownOf(app, config, { onDrain: () => void drains++ })
    await Promise.all([shutdown('SIGINT'), shutdown('SIGINT'), shutdown('SIGTERM')])
    expect(drains).toBe(1)
    expect(codes).toEqual([0])
  })
})

/**
 * A client on a thread of its own, so it connects and writes while this thread's event loop is
 * blocked: it sends `count` GETs of `path` on connections of their own, sets `written` when all are
 * written, and posts each outcome (the status line, or the socket's error code).
 */
function clientThread(port: number, path: string, count: number, written: Int32Array) {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads')
    const { connect } = require('node:net')
    const { port, path, count, written } = workerData
    let sent = 0
    const outcomes = Array.from({ length: count }, () => new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
      let received = ''
      socket.on('data', (chunk) => (received += chunk))
      socket.on('error', (error) => resolve(error.code))
      socket.on('close', () => resolve(received.split('\\r\\n')[0] || 'closed without an answer'))
      socket.write('GET ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n', () => {
        if (++sent === count) {
          Atomics.store(written, 0, 1)
          Atomics.notify(written, 0)
        }
      })
    }))
    Promise.all(outcomes).then((all) => parentPort.postMessage(all))
  `
  const worker = new Worker(code, { eval: true, workerData: { port, path, count, written } })
  return new Promise<string[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

describe('connections the kernel had queued', () => {
  it('with no delay, answers 20 requests sent 30 ms before the signal while the process was busy (none reset)', async () => {
    const { app, config, port } = await root()
    const written = new Int32Array(new SharedArrayBuffer(4))
    const outcomes = clientThread(port, '/fast', 20, written)
    // This thread busy (a page rendering) while the requests arrive: the kernel accepts their
    // connections into the listener's queue, and the drain begins before Node has taken any.
    const began = Date.now()
    while (Atomics.load(written, 0) === 0 && Date.now() - began < 5000) Atomics.wait(written, 0, 0, 50)
    expect(Atomics.load(written, 0)).toBe(1)
    Atomics.wait(written, 0, 1, 30)
    const { codes, shutdown } = shutdownOf(app, config)
    const done = shutdown('SIGTERM')
    expect(await outcomes).toEqual(Array(20).fill('HTTP/1.1 200 OK'))
    await done
    expect(codes).toEqual([0])
  })
})

describe('shutdown configuration', () => {
  it('defaults to 25 s for the whole shutdown and no delay; the delay must fit in the timeout', () => {
    expect(parseConfig({})).toMatchObject({ SHUTDOWN_TIMEOUT_MS: 25_000, SHUTDOWN_DELAY_MS: 0 })
    expect(parseConfig({ SHUTDOWN_TIMEOUT_MS: '30000', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      SHUTDOWN_TIMEOUT_MS: 30_000,
      SHUTDOWN_DELAY_MS: 5000,
    })
    expect(() => parseConfig({ SHUTDOWN_DELAY_MS: '25000' })).toThrow(
      /SHUTDOWN_DELAY_MS: must be less than SHUTDOWN_TIMEOUT_MS \(25000\)/,
    )
    expect(() => parseConfig({ SHUTDOWN_TIMEOUT_MS: 'soon', SHUTDOWN_DELAY_MS: '-1' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS[\s\S]*SHUTDOWN_DELAY_MS/,
    )
    expect(() => parseConfig({ SHUTDOWN_TIMEOUT_MS: '50' })).toThrow(/SHUTDOWN_TIMEOUT_MS/)
  })
})
