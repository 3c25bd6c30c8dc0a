import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import Fastify from 'fastify'
import { pollChanges } from './change-poll.ts'

/** An API stand-in that answers /changez with an id the test moves (and can fail on purpose). */
const api = Fastify()
let last = 'first'
let failing = false
let answered = 0
api.get('/changez', async (_request, reply) => {
  if (failing) return reply.status(503).send({})
  answered++
  return reply.header('cache-control', 'no-store').send({ last })
})
let url = ''
beforeAll(async () => {
  url = await api.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => api.close())

it('drops the pages when the last change moves, not on the first answer, and rides out a failing API', async () => {
  const onChange = vi.fn()
  const stop = pollChanges(url, onChange, 10)
  try {
    // The first id is the poller's starting point, however long a busy machine takes to answer.
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(2), { timeout: 5_000 })
    expect(onChange).not.toHaveBeenCalled()
    last = 'second'
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1), { timeout: 5_000 })
    failing = true
    await new Promise((resolve) => setTimeout(resolve, 60))
    failing = false
    last = 'third'
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2), { timeout: 5_000 })
  } finally {
    stop()
  }
  const calls = onChange.mock.calls.length
  last = 'after stop'
  await new Promise((resolve) => setTimeout(resolve, 60))
  expect(onChange).toHaveBeenCalledTimes(calls)
})
