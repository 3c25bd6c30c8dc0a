import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import pThrottle from 'p-throttle'

/** Runs a send when its turn comes. */
export type Pace = <T>(send: () => Promise<T>) => Promise<T>

export interface PaceOptions {
  /**
   * Whether the process is busy serving shoppers now (`eventLoopBusy`): a send waits while it is,
   * `maxWaitMs` at most, before it takes its turn.
   */
  busy?: () => boolean
  /** How long a send waits for a quiet moment at most (10 s): then it goes anyway, at the pace. */
  maxWaitMs?: number
  /** How often a waiting send looks again (100 ms). */
  stepMs?: number
}

/**
 * At most `perSecond` alert messages a second per channel from this process (ALERTS_PER_SECOND,
 * issue 42): a restock that wakes a thousand members is sent at the provider's pace, spread in
 * tenths of a second (no tenth holds more than its share). The events job's handlers wait for
 * their turn, so the work before each send (its reads, the e-mail's rendering) keeps that pace too
 * and the checkouts of the same process keep the CPU. With `busy`, alerts also yield to shoppers:
 * while the process is busy a send waits for a quiet moment (at most `maxWaitMs`, so a sale that
 * keeps the process busy for minutes slows the messages down but never stops them). A delivery
 * waiting for its turn keeps its claim: the job claims 50 at a time, a second's worth at 50 a
 * second, and a wait of 10 s at most is far inside the claim's 5 minutes. `quiet` is the wait
 * alone, for other work of the alerts (spending a restock's alerts, a batch at a time).
 */
export function alertPace(
  perSecond: number,
  options: PaceOptions = {},
): { phone: Pace; email: Pace; quiet: () => Promise<void> } {
  const maxWaitMs = options.maxWaitMs ?? 10_000
  const stepMs = options.stepMs ?? 100
  const quiet = async () => {
    if (!options.busy) return
    const until = Date.now() + maxWaitMs
    while (options.busy() && Date.now() < until) await sleep(stepMs)
  }
  const channel = (): Pace => {
    const throttle = pThrottle({
      limit: Math.max(1, Math.round(perSecond / 10)),
      interval: 100,
      strict: true,
    })
    const turn = throttle((send: () => Promise<unknown>) => send())
    return async <T>(send: () => Promise<T>) => {
      await quiet()
      return turn(send) as Promise<T>
    }
  }
  return { phone: channel(), email: channel(), quiet }
}

/**
 * Whether this process's event loop was busy more than `threshold` of the last `windowMs` (its
 * utilisation, sampled on a timer that keeps no process alive): a process answering a rush of
 * checkouts reads about 0.7–1, an idle one under 0.1. `stop` ends the sampling.
 */
export function eventLoopBusy(threshold = 0.5, windowMs = 100): { busy: () => boolean; stop: () => void } {
  let last = performance.eventLoopUtilization()
  let busy = false
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    busy = performance.eventLoopUtilization(now, last).utilization > threshold
    last = now
  }, windowMs)
  timer.unref()
  return { busy: () => busy, stop: () => clearInterval(timer) }
}
