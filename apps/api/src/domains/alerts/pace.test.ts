import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { alertPace, eventLoopBusy } from './pace.ts'

describe('alerts yield to shoppers (issue 42)', () => {
  it('holds a send while the process is busy, and sends it once it is quiet', async () => {
    let busy = true
    const pace = alertPace(100, { busy: () => busy, stepMs: 10 })
    let sentAt = 0
    const started = Date.now()
    const sending = pace.phone(async () => (sentAt = Date.now()))
    await sleep(150)
    expect(sentAt).toBe(0)
    busy = false
    await sending
    expect(sentAt - started).toBeGreaterThanOrEqual(150)
  })

  it('never holds a send longer than maxWaitMs: a busy sale slows the messages, never stops them', async () => {
    const pace = alertPace(100, { busy: () => true, maxWaitMs: 120, stepMs: 10 })
    const started = Date.now()
    const results = await Promise.all([
      pace.phone(async () => 'a'),
      pace.email(async () => 'b'),
      pace.quiet(),
    ])
    expect(results.slice(0, 2)).toEqual(['a', 'b'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
  })

  it("reads the event loop's load: busy after a blocked quarter second (sampled every tenth), quiet again when idle", async () => {
    const load = eventLoopBusy(0.5, 100)
    try {
      expect(load.busy()).toBe(false)
      const until = Date.now() + 250
      while (Date.now() < until) {
        // The loop is blocked, as by a rush of answers.
      }
      // The sample that fell due during the block runs first, and reads it.
      await sleep(5)
      expect(load.busy()).toBe(true)
      await sleep(350)
      expect(load.busy()).toBe(false)
    } finally {
      load.stop()
    }
  })
})
