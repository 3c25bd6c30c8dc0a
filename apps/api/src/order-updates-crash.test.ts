import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderUpdates } from './db/schema/index.ts'
import {
  freshDatabase,
  prepareShop,
  shopperWithShirt,
  startApiProcess,
  until,
  type ApiProcess,
} from './test/api-process.ts'

/**
 * Order updates survive a crash (issue 28, docs/decisions/048-order-updates-outbox.md), on real
 * processes: a member places an order through a running `src/server.ts` whose WhatsApp gateway (a
 * fake taking the Idempotency-Key header, as gateways that drop repeats do) holds the message
 * without answering. The process is killed (SIGKILL: no drain) with the order committed and the
 * message neither answered nor recorded sent. A new process, once the dead one's claim has run
 * out, sends it again with the same key: the gateway delivers it once and the row ends sent.
 */

const CLAIM_SECONDS = 5

interface Received {
  key: string
  body: { to: string; message: string; ref: string }
}

/** A messaging gateway that keeps keys: a repeat of a delivered key is answered 200 and dropped. */
function gateway() {
  const received: Received[] = []
  const delivered = new Map<string, Received>()
  const held: ServerResponse[] = []
  let holding = true
  const server = createServer((req: IncomingMessage, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const message = { key: String(req.headers['idempotency-key'] ?? ''), body: JSON.parse(raw) }
      received.push(message)
      if (holding) {
        held.push(res)
        return
      }
      if (!delivered.has(message.key)) delivered.set(message.key, message)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  return {
    server,
    received,
    delivered,
    answerFromNowOn() {
      holding = false
      for (const res of held.splice(0)) res.destroy()
    },
  }
}

function post(port: number, path: string, body: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'x-brand-id': '9', 'content-type': 'application/json', 'accept-language': 'id' },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

let fake: ReturnType<typeof gateway>
let database: Awaited<ReturnType<typeof freshDatabase>>
let env: Record<string, string | undefined>
let checkout: { path: string; body: object }
const processes: ApiProcess[] = []

beforeAll(async () => {
  fake = gateway()
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
  database = await freshDatabase('busana-updates-crash')
  const opened = await database.open()
  try {
    const m = await shopperWithShirt(opened.db, await prepareShop(opened, 10))
    checkout = { path: `/api/v1/orders/checkout_new?token=${m.token}`, body: m.order }
  } finally {
    await opened.close()
  }
  env = {
    ...database.env,
    SEED_ON_START: 'false',
    MESSAGING_PROVIDER: 'http',
    MESSAGING_HTTP_URL: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/send`,
    MESSAGING_HTTP_BODY: '{"to":"{{to}}","message":"{{body}}","ref":"{{id}}"}',
    // The phone alone: the e-mail goes to the outbox and is not what this test watches.
    ORDER_UPDATES_OFF: 'email',
    ORDER_UPDATES_CLAIM_SECONDS: String(CLAIM_SECONDS),
  }
}, 120_000)

afterAll(async () => {
  for (const api of processes) {
    if (api.child.exitCode === null && api.child.signalCode === null) {
      api.child.kill('SIGKILL')
      await api.exited
    }
  }
  await new Promise((resolve) => fake?.server.close(resolve))
  await database?.drop()
}, 60_000)

describe('order updates across a crash', () => {
  it('killed after the order and before the message was recorded sent: the next process sends it once', async () => {
    const first = await startApiProcess(env)
    processes.push(first)
    const placed = await post(first.port, checkout.path, checkout.body)
    expect(placed.status, placed.body).toBe(200)
    const id = JSON.parse(placed.body).data.id_sales_header as string
    // The 'placed' message is at the gateway, unanswered: the process is killed there.
    await until('the message at the gateway', () => (fake.received.length === 1 ? true : undefined))
    const key = fake.received[0]!.key
    expect(key).toMatch(/^placed-[0-9a-f-]{36}$/)
    expect(fake.received[0]!.body.ref).toBe(key)
    first.child.kill('SIGKILL')
    expect((await first.exited).signal).toBe('SIGKILL')

    fake.answerFromNowOn()
    const second = await startApiProcess(env)
    processes.push(second)
    // The dead process's claim runs out (CLAIM_SECONDS), then a run of the new one sends it again.
    await until('the message delivered', () => (fake.delivered.has(key) ? true : undefined), 60_000)
    await until('the repeat answered', () => (fake.received.length >= 2 ? true : undefined))
    second.child.kill('SIGTERM')
    expect((await second.exited).code).toBe(0)

    // Sent twice with one key, delivered once; the row is sent, on its second attempt.
    expect(fake.received.map((r) => r.key)).toEqual([key, key])
    expect([...fake.delivered.keys()]).toEqual([key])
    expect(fake.delivered.get(key)!.body.message).toMatch(/pesanan/i)
    const reopened = await database.open()
    try {
      const rows = await reopened.db.select().from(orderUpdates).where(eq(orderUpdates.idSalesHeader, id))
      expect(rows.map((row) => [row.moment, row.channel, row.state, row.attempts])).toEqual([
        ['placed', 'WHATSAPP', 'sent', 2],
      ])
    } finally {
      await reopened.close()
    }
  }, 180_000)
})
