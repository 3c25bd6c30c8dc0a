import { jobRuns } from '../metrics.ts'

/** What a repeating job logs to. */
export interface JobLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * Yielding to shoppers: while `busy()` (alerts' `eventLoopBusy`) a run that is due waits, looking
 * again every `stepMs` (100), for `maxWaitMs` at most (3 s): then it runs anyway, so work in a sale
 * that keeps the process busy for minutes is slowed, never stopped.
 */
export interface YieldTo {
  busy: () => boolean
  maxWaitMs?: number
  stepMs?: number
}

/**
 * Runs `job` once after `firstRunMs` and then every `intervalMs`; a run still going when the next is
 * due is skipped, a failed run is logged and retried at the next tick. With `yieldTo`, a run that
 * falls due while the process is busy answering shoppers waits for a quiet moment (YieldTo). The
 * timers never keep the process alive. `done` logs a finished run's result. Returns a stop function: no run starts after
 * it is called, and it resolves when the run going on then has finished (a graceful shutdown waits
 * for it before closing the database, docs/decisions/045-graceful-restarts.md), and can be asked
 * to run soon (`runSoon`).
 */
export function startRepeating<T>(
  name: string,
  job: () => Promise<T>,
  log: JobLog,
  timing: { firstRunMs: number; intervalMs: number; yieldTo?: YieldTo },
  done: (result: T) => void = () => {},
): RepeatingJob {
  let running: Promise<void> | null = null
  let stopped = false
  /** A run was asked for while one was going on: another follows it. */
  let again = false
  /** Never rejects: a failure is counted and logged. */
  const run = async () => {
    try {
      done(await job())
      jobRuns.inc({ job: name, result: 'ok' })
    } catch (error) {
      jobRuns.inc({ job: name, result: 'failed' })
      log.error({ err: error }, `${name} failed`)
    }
  }
  /** When the run now waiting for a quiet moment first fell due, and its timer. */
  let waitingSince: number | null = null
  let waiting: ReturnType<typeof setTimeout> | null = null
  const tick = () => {
    if (running || stopped || waiting) return
    const yieldTo = timing.yieldTo
    if (yieldTo?.busy()) {
      waitingSince ??= Date.now()
      if (Date.now() - waitingSince < (yieldTo.maxWaitMs ?? 3_000)) {
        waiting = setTimeout(() => {
          waiting = null
          tick()
        }, yieldTo.stepMs ?? 100)
        waiting.unref()
        return
      }
    }
    waitingSince = null
    const current = run()
    running = current
    void current.then(() => {
      if (running === current) running = null
      if (again) {
        again = false
        tick()
      }
    })
  }
  const first = setTimeout(tick, timing.firstRunMs)
  const every = setInterval(tick, timing.intervalMs)
  first.unref()
  every.unref()
  const stop = async () => {
    stopped = true
    if (waiting) clearTimeout(waiting)
    clearTimeout(first)
    clearInterval(every)
    await running
  }
  return Object.assign(stop, {
    runSoon() {
      if (running) again = true
      else tick()
    },
  })
}

/**
 * A started job: calling it stops it (as above); `runSoon()` starts a run now, or right after the
 * one going on (a sender woken by new work), never two at once.
 */
export type RepeatingJob = (() => Promise<void>) & { runSoon(): void }
