import { jobRuns } from '../metrics.ts'

/** What a repeating job logs to. */
export interface JobLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * Runs `job` once after `firstRunMs` and then every `intervalMs`; a run still going when the next is
 * due is skipped, a failed run is logged and retried at the next tick. The timers never keep the
 * process alive. `done` logs a finished run's result. Returns a stop function.
 */
export function startRepeating<T>(
  name: string,
  job: () => Promise<T>,
  log: JobLog,
  timing: { firstRunMs: number; intervalMs: number },
  done: (result: T) => void = () => {},
): () => void {
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      done(await job())
      jobRuns.inc({ job: name, result: 'ok' })
    } catch (error) {
      jobRuns.inc({ job: name, result: 'failed' })
      log.error({ err: error }, `${name} failed`)
    } finally {
      running = false
    }
  }
  const first = setTimeout(() => void run(), timing.firstRunMs)
  const every = setInterval(() => void run(), timing.intervalMs)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
