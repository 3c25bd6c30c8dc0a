import { afterEach, describe, expect, it, vi } from 'vitest'
import { startRepeating } from './repeat.ts'

/**
 * The jobs' timer in a graceful shutdown (docs/decisions/045-graceful-restarts.md): once stopped no
 * run starts, and the stop resolves only when the run going on has finished, so the database is
 * closed under no job.
 */

afterEach(() => {
  vi.useRealTimers()
})

const log = () => ({ info: vi.fn(), error: vi.fn() })

describe('startRepeating', () => {
  it('stop waits for the run going on, and no run starts after it', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => {}
    let runs = 0
    const job = () => {
      runs++
      return new Promise<string>((resolve) => (finish = () => resolve('done')))
    }
    const done = vi.fn()
    const stop = startRepeating('test job', job, log(), { firstRunMs: 10, intervalMs: 100 }, done)
    await vi.advanceTimersByTimeAsync(10)
    expect(runs).toBe(1)
    let stopped = false
    const stopping = stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(500)
    // The run goes on; the stop waits for it; no second run started meanwhile.
    expect(stopped).toBe(false)
    expect(runs).toBe(1)
    finish()
    await stopping
    expect(done).toHaveBeenCalledWith('done')
    await vi.advanceTimersByTimeAsync(500)
    expect(runs).toBe(1)
  })

  it('stop resolves at once when no run is going on, and a failed run does not hold it', async () => {
    vi.useFakeTimers()
    const failing = log()
    const stop = startRepeating('failing job', () => Promise.reject(new Error('database down')), failing, {
      firstRunMs: 10,
      intervalMs: 100,
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(failing.error).toHaveBeenCalledTimes(1)
    await stop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(failing.error).toHaveBeenCalledTimes(1)
  })

  it('skips a tick while a run is going on, then runs again once it finished', async () => {
    vi.useFakeTimers()
    const finishers: Array<() => void> = []
    const job = () => new Promise<void>((resolve) => finishers.push(resolve))
    const stop = startRepeating('slow job', job, log(), { firstRunMs: 10, intervalMs: 100 })
    await vi.advanceTimersByTimeAsync(250)
    expect(finishers).toHaveLength(1)
    finishers[0]!()
    await vi.advanceTimersByTimeAsync(100)
    expect(finishers).toHaveLength(2)
    finishers[1]!()
    await stop()
  })

  it('runSoon starts a run at once, or one right after the run going on, never two at once', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => {}
    let runs = 0
    let running = 0
    let most = 0
    const job = () => {
      runs++
      running++
      most = Math.max(most, running)
      return new Promise<void>((resolve) => (finish = () => (running--, resolve())))
    }
    const started = startRepeating('woken job', job, log(), { firstRunMs: 10_000, intervalMs: 60_000 })
    started.runSoon()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(1)
    // Woken twice during the run: one more run follows it, not two, and not alongside it.
    started.runSoon()
    started.runSoon()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(1)
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(2)
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(2)
    expect(most).toBe(1)
    await started()
    started.runSoon()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(2)
  })

  it('lets a due run wait while the process is busy with shoppers, at most maxWaitMs', async () => {
    vi.useFakeTimers()
    let runs = 0
    let busy = true
    const job = startRepeating(
      'yielding job',
      async () => {
        runs++
      },
      log(),
      {
        firstRunMs: 1_000_000,
        intervalMs: 1_000_000,
        yieldTo: { busy: () => busy, maxWaitMs: 3_000, stepMs: 100 },
      },
    )
    // Woken while busy: it waits, and asking again does not start a second wait or a run.
    job.runSoon()
    job.runSoon()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(runs).toBe(0)
    // Quiet: it runs at its next look.
    busy = false
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(1)
    // Busy for longer than maxWaitMs: it runs anyway, once.
    busy = true
    job.runSoon()
    await vi.advanceTimersByTimeAsync(2_900)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(runs).toBe(2)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(runs).toBe(2)
    // Stopped while waiting: it never runs.
    job.runSoon()
    await job()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(runs).toBe(2)
  })
})
