import pThrottle from 'p-throttle'

/** Runs a send when its turn comes. */
export type Pace = <T>(send: () => Promise<T>) => Promise<T>

/**
 * At most `perSecond` alert messages a second per channel from this process (ALERTS_PER_SECOND,
 * issue 42): a restock that wakes a thousand members is sent at the provider's pace, spread in
 * tenths of a second (no tenth holds more than its share). The events job's handlers wait for
 * their turn, so the work before each send (its reads, the e-mail's rendering) keeps that pace too
 * and the checkouts of the same process keep the CPU. A delivery waiting for its turn keeps its
 * claim: the job claims 50 at a time, a second's worth at 50 a second, far inside the 5 minutes.
 */
export function alertPace(perSecond: number): { phone: Pace; email: Pace } {
  const channel = (): Pace => {
    const throttle = pThrottle({
      limit: Math.max(1, Math.round(perSecond / 10)),
      interval: 100,
      strict: true,
    })
    const turn = throttle((send: () => Promise<unknown>) => send())
    return <T>(send: () => Promise<T>) => turn(send) as Promise<T>
  }
  return { phone: channel(), email: channel() }
}
