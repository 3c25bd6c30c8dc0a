import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Agent, createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/client.ts'
import { payments, salesHeaders } from './db/schema/index.ts'
import {
  freshDatabase,
  pause,
  prepareShop,
  shopperWithShirt,
  startApiProcess,
  until,
  type ApiProcess,
} from './test/api-process.ts'

/**
 * Graceful restarts, proven on a real process (issue 27, docs/decisions/045-graceful-restarts.md):
 * `src/server.ts` (the API alone) is started on a fresh database with the Midtrans adapter pointed
 * at a fake that holds every charge until the test lets go. 20 shoppers (15 members, 5 guests)
 * press PAY NOW at once; once the fake holds all 20 charges, i.e. every checkout is inside the
 * server past its order's commit, the process gets SIGTERM. Then: /readyz answers 503 while /livez
 * answers 200, the listener closes with the 20 still in flight, the charges are let go, and every
 * shopper gets an answer (none a reset), the process exits 0, and the database holds 20 orders.
 *
 * On PGlite (DATA_DIR) by default, on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */

const SHOPPERS = 20
const GUESTS = 5
/** Long enough to read /readyz and /livez from outside during the drain (a load balancer's window). */
const SHUTDOWN_DELAY_MS = 1000

/** The guest form of a checkout_guest body (docs/product/shopping.md §3), an address in Gambir. */
const GUEST_FORM = {
  buyer_name: 'Budi Santoso',
  buyer_email: 'budi@example.test',
  penerima: 'Budi Santoso',
  hp_penerima: '081298765432',
  alamat_lengkap: 'Jl. Tanah Abang II No. 7, RT 03/RW 04, dekat masjid',
  destination_code: '31.71.01',
  id_address_village: '31.71.01.1001',
  kode_pos: '10110',
}

/** A Midtrans Core API stand-in that answers a bank transfer charge only when `release` is called. */
function holdingMidtrans() {
  const held: Array<() => void> = []
  let holding = true
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      if (req.method === 'POST' && path === '/v2/charge') {
        const body = JSON.parse(raw) as { transaction_details: { order_id: string; gross_amount: number } }
        const { order_id, gross_amount } = body.transaction_details
        const answer = () => {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(
            JSON.stringify({
              status_code: '201',
              status_message: 'Success, Bank Transfer transaction is created',
              transaction_id: `fake-${order_id}`,
              order_id,
              gross_amount: `${gross_amount}.00`,
              payment_type: 'bank_transfer',
              transaction_status: 'pending',
              fraud_status: 'accept',
              va_numbers: [{ bank: 'bca', va_number: `39358${String(held.length).padStart(11, '0')}` }],
            }),
          )
        }
        if (holding) held.push(answer)
        else answer()
        return
      }
      // Status and cancel of a transaction it never made (the payment expiry job may ask).
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status_code: '404', status_message: "Transaction doesn't exist." }))
    })
  })
  return {
    server,
    held: () => held.length,
    release() {
      holding = false
      for (const answer of held.splice(0)) answer()
    },
  }
}

interface Shopper {
  idPelanggan: number
  path: string
  body: string
}

/**
 * The demo catalogue, Jakarta's regions and 20 shoppers, each with one line of a well-stocked shirt
 * in the bag (members with a primary address in Gambir, guests with the guest form), written before
 * the server starts (PGlite is one process's).
 */
async function prepare(database: Database): Promise<Shopper[]> {
  const shop = await prepareShop(database, 100)
  const shoppers: Shopper[] = []
  for (let i = 0; i < SHOPPERS; i++) {
    const guest = i < GUESTS
    const m = await shopperWithShirt(database.db, shop, guest)
    shoppers.push({
      idPelanggan: m.idPelanggan,
      path: `/api/v1/orders/${guest ? 'checkout_guest' : 'checkout_new'}?token=${m.token}`,
      body: JSON.stringify(guest ? { ...GUEST_FORM, ...m.order } : m.order),
    })
  }
  return shoppers
}

interface Answer {
  status: number
  connection: string | undefined
  body: string
}

/** One request; resolves with the answer, rejects with the socket's error (ECONNRESET, ECONNREFUSED). */
function send(
  port: number,
  path: string,
  options: {
    method?: string
    body?: string
    agent?: Agent | false
    headers?: Record<string, string>
    /** Called once the whole request has been written to the socket. */
    onSent?: () => void
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          'x-brand-id': '9',
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (options.onSent) req.once('finish', options.onSent)
    req.end(options.body)
  })
}

let midtrans: ReturnType<typeof holdingMidtrans>
let database: Awaited<ReturnType<typeof freshDatabase>>
let shoppers: Shopper[]
let api: ApiProcess
let child: ChildProcess | undefined
let exited: ApiProcess['exited']
let port = 0
let logLines: ApiProcess['logLines'] = []

beforeAll(async () => {
  midtrans = holdingMidtrans()
  await new Promise<void>((resolve) => midtrans.server.listen(0, '127.0.0.1', resolve))
  const midtransUrl = `http://127.0.0.1:${(midtrans.server.address() as AddressInfo).port}`
  database = await freshDatabase('busana-graceful')
  const opened = await database.open()
  try {
    shoppers = await prepare(opened)
  } finally {
    await opened.close()
  }

  api = await startApiProcess({
    ...database.env,
    SEED_ON_START: 'true',
    PAYMENT_PROVIDER: 'midtrans',
    MIDTRANS_SERVER_KEY: 'SB-Mid-server-graceful-test',
    MIDTRANS_API_URL: midtransUrl,
    // The fake holds charges for seconds on a busy machine: no charge may time out meanwhile.
    PAYMENT_TIMEOUT_MS: '30000',
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  })
  ;({ child, exited, port, logLines } = api)
  await until('/readyz to answer 200', async () =>
    (await send(port, '/readyz').catch(() => null))?.status === 200 ? true : undefined,
  )
}, 180_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL')
    await exited
  }
  await new Promise((resolve) => midtrans?.server.close(resolve))
  await database?.drop()
}, 60_000)

describe('graceful restart of a real API process', () => {
  it('SIGTERM with 20 checkouts in flight: 20 answers, no reset, /readyz 503 while /livez 200, exit 0, 20 orders', async () => {
    // One connection per shopper, kept alive as a browser's would be.
    const agent = new Agent({ keepAlive: true, maxSockets: SHOPPERS })
    const fired = performance.now()
    const answers = shoppers.map((s, i) =>
      send(port, s.path, {
        method: 'POST',
        body: s.body,
        agent,
        headers: { 'idempotency-key': `graceful-${i}-${randomBytes(4).toString('hex')}` },
      }).then(
        (answer) => ({ answer, at: performance.now() }),
        (error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message, at: performance.now() }),
      ),
    )
    // Every checkout is in the server, its order committed, waiting for its charge.
    await until('20 charges at the provider', () => (midtrans.held() === SHOPPERS ? true : undefined))
    const inFlightAfter = Math.round(performance.now() - fired)

    const signalled = performance.now()
    child!.kill('SIGTERM')
    // During the drain, as a load balancer sees it over new connections: not ready, still alive.
    const readyz = await until('/readyz to answer 503', async () => {
      const answer = await send(port, '/readyz')
      return answer.status === 503 ? answer : undefined
    })
    const readyzAfter = Math.round(performance.now() - signalled)
    const livez = await send(port, '/livez')
    expect(readyz).toMatchObject({ status: 503, connection: 'close', body: '{"status":"draining"}' })
    expect(livez).toMatchObject({ status: 200, connection: 'close' })
    expect(JSON.parse(livez.body)).toEqual({ status: 'ok' })

    // After SHUTDOWN_DELAY_MS the listener closes, with the 20 checkouts still in flight.
    await until('the listener to close', async () =>
      (await send(port, '/livez').then(
        () => undefined,
        (error: NodeJS.ErrnoException) => error.code,
      )) === 'ECONNREFUSED'
        ? true
        : undefined,
    )
    const listenerClosedAfter = Math.round(performance.now() - signalled)
    expect(child!.exitCode).toBeNull()

    const released = performance.now()
    midtrans.release()
    const results = await Promise.all(answers)
    const { code, at: exitAt } = await exited
    agent.destroy()

    // No shopper had an answer before the charges were let go: all 20 were in flight through the drain.
    expect(results.filter((r) => r.at < released)).toEqual([])
    const failures = results.filter((r) => 'error' in r)
    expect(failures, JSON.stringify(failures)).toEqual([])
    const answered = results.map((r) => (r as { answer: Answer }).answer)
    expect(answered).toHaveLength(SHOPPERS)
    for (const answer of answered) {
      expect(answer.status, answer.body).toBe(200)
      // Keep-alive connections are told to close: the client reconnects, to another process.
      expect(answer.connection).toBe('close')
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 200,
        data: { id_sales_header: expect.any(String) },
      })
    }
    expect(code, api.stderr()).toBe(0)
    const shutDown = logLines.find((line) => line.msg === 'shut down')
    expect(shutDown, api.stderr()).toBeDefined()
    // Nothing went wrong on the way down (a job cut off, a query on a closed database).
    expect(logLines.filter((line) => Number(line.level) >= 50)).toEqual([])

    const figures = {
      shoppers: SHOPPERS,
      answers_200: answered.length,
      resets: failures.length,
      all_in_flight_ms_after_firing: inFlightAfter,
      readyz_503_ms_after_sigterm: readyzAfter,
      listener_closed_ms_after_sigterm: listenerClosedAfter,
      last_answer_ms_after_release: Math.round(Math.max(...results.map((r) => r.at)) - released),
      exit_ms_after_release: Math.round(exitAt - released),
      sigterm_to_exit_ms: Math.round(exitAt - signalled),
      logged_shutdown_ms: shutDown!.elapsed_ms,
    }
    console.info('graceful restart figures', JSON.stringify(figures))

    // The database, reopened: one order per shopper, each charged after the listener had closed.
    const reopened = await database.open()
    try {
      const ids = shoppers.map((s) => s.idPelanggan)
      const orders = await reopened.db
        .select({ id: salesHeaders.idSalesHeader, status: salesHeaders.status })
        .from(salesHeaders)
        .where(inArray(salesHeaders.idPelanggan, ids))
      expect(orders).toHaveLength(SHOPPERS)
      expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['Open']))
      const charged = await reopened.db
        .select({ state: payments.state })
        .from(payments)
        .where(
          inArray(
            payments.idSalesHeader,
            orders.map((o) => o.id),
          ),
        )
      expect(charged.map((p) => p.state)).toEqual(Array(SHOPPERS).fill('issued'))
    } finally {
      await reopened.close()
    }
  }, 120_000)
})

describe('SIGTERM with no delay, requests waiting in the kernel', () => {
  /**
   * Issue 38: with SHUTDOWN_DELAY_MS=0 (the default), requests sent 30 ms before SIGTERM to a busy
   * process were refused: the kernel had accepted their connections into the listener's queue, and
   * closing the listener reset them. The process is held busy here by SIGSTOP (the extreme of a
   * page being rendered): the kernel still completes the connections and queues them, and the
   * process takes them only once it runs again, with SIGTERM already waiting.
   */
  it('20 requests sent 30 ms before SIGTERM to a busy process: 20 answers, none refused or reset, exit 0', async () => {
    const REQUESTS = 20
    const queuedDatabase = await freshDatabase('busana-queued')
    const server = await startApiProcess({
      ...queuedDatabase.env,
      SEED_ON_START: 'false',
      SHUTDOWN_DELAY_MS: '0',
    })
    try {
      const path = '/api/v1/pages/home'
      expect((await send(server.port, path)).status).toBe(200)

      server.child.kill('SIGSTOP')
      let sent = 0
      const answers = Array.from({ length: REQUESTS }, () =>
        send(server.port, path, { onSent: () => void sent++ }).then(
          (answer) => ({ answer }),
          (error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }),
        ),
      )
      await until('every request written', () => (sent === REQUESTS ? true : undefined))
      await pause(30)
      server.child.kill('SIGTERM')
      server.child.kill('SIGCONT')

      const results = await Promise.all(answers)
      const failures = results.filter((r) => 'error' in r)
      expect(failures, JSON.stringify(failures)).toEqual([])
      for (const { answer } of results as Array<{ answer: Answer }>) {
        expect(answer.status, answer.body).toBe(200)
        expect(answer.connection).toBe('close')
      }
      const { code } = await server.exited
      expect(code, server.stderr()).toBe(0)
      const closed = server.logLines.find((line) => line.msg === 'listener closed, every request answered')
      expect(closed?.queued_connections).toEqual(expect.any(Number))
    } finally {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL')
        await server.exited
      }
      await queuedDatabase.drop()
    }
  }, 120_000)
})
