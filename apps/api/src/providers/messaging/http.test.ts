import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpMessaging, renderBody } from './http.ts'

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let url = ''
const received: Received[] = []
let answerStatus = 200

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.statusCode = answerStatus
      response.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('HTTP messaging adapter', () => {
  it('POSTs the filled JSON template with the Authorization header', async () => {
    const provider = httpMessaging({
      url,
      authorization: 'Bearer secret-key',
      bodyTemplate: '{"recipient":"{{to}}","via":"{{channel}}","text":"{{body}}","sender":"BUSANA"}',
    })
    await provider.send({ channel: 'WHATSAPP', to: '081234567890', body: 'Your code is "1234"\nbye' })
    const last = received.at(-1)!
    expect(last.headers.authorization).toBe('Bearer secret-key')
    expect(last.headers['content-type']).toBe('application/json')
    expect(JSON.parse(last.body)).toEqual({
      recipient: '081234567890',
      via: 'WHATSAPP',
      text: 'Your code is "1234"\nbye',
      sender: 'BUSANA',
    })
  })

  it("sends the message's idempotency key as the Idempotency-Key header and {{id}}", async () => {
    const provider = httpMessaging({ url, bodyTemplate: '{"to":"{{to}}","text":"{{body}}","ref":"{{id}}"}' })
    await provider.send({ channel: 'WHATSAPP', to: '0812', body: 'Paid', idempotencyKey: 'paid-abc' })
    const last = received.at(-1)!
    expect(last.headers['idempotency-key']).toBe('paid-abc')
    expect(JSON.parse(last.body)).toEqual({ to: '0812', text: 'Paid', ref: 'paid-abc' })
    // A code has no key: no header, and {{id}} is empty.
    await provider.send({ channel: 'SMS', to: '0812', body: 'code' })
    expect(received.at(-1)!.headers['idempotency-key']).toBeUndefined()
    expect(JSON.parse(received.at(-1)!.body).ref).toBe('')
  })

  it('throws when the provider answers an error status', async () => {
    answerStatus = 503
    const provider = httpMessaging({ url, bodyTemplate: '{"to":"{{to}}","text":"{{body}}"}' })
    await expect(provider.send({ channel: 'SMS', to: '0812', body: 'x' })).rejects.toThrow('HTTP 503')
    answerStatus = 200
  })

  it('throws when the provider cannot be reached in time', async () => {
    const provider = httpMessaging({
      url: 'http://127.0.0.1:9/none',
      bodyTemplate: '{"t":"{{body}}"}',
      timeoutMs: 500,
    })
    await expect(provider.send({ channel: 'SMS', to: '0812', body: 'x' })).rejects.toThrow()
  })

  it('renderBody escapes values so the body stays valid JSON', () => {
    expect(
      JSON.parse(renderBody('{"a":"{{body}}"}', { channel: 'SMS', to: '0', body: '"}, "x": "' })),
    ).toEqual({
      a: '"}, "x": "',
    })
  })
})
