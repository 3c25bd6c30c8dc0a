import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSessionData } from './session-data.ts'
import { registeredSessionResets, useSessionStore } from './session-store.ts'

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

afterEach(() => useSessionStore.setState({ user: null }))

describe('createSessionData', () => {
  it('applies a load and shows it busy meanwhile', async () => {
    const data = createSessionData({ clear: () => undefined })
    const busy: boolean[] = []
    const apply = vi.fn()
    await data.run(async () => 'lines', { apply, busy: (on) => busy.push(on) })
    expect(apply).toHaveBeenCalledWith('lines')
    expect(busy).toEqual([true, false])
  })

  it('drops the answer of a load overtaken by a newer one; the newer one ends the busy state', async () => {
    const data = createSessionData({ clear: () => undefined })
    const first = deferred<string>()
    const second = deferred<string>()
    const applied: string[] = []
    const busy: boolean[] = []
    const handlers = { apply: (v: string) => applied.push(v), busy: (on: boolean) => busy.push(on) }
    const one = data.run(() => first.promise, handlers)
    const two = data.run(() => second.promise, handlers)
    second.resolve('new')
    await two
    first.resolve('old')
    await one
    expect(applied).toEqual(['new'])
    expect(busy).toEqual([true, true, false])
  })

  it('drops every answer under way after a reset, and clears the data', async () => {
    const clear = vi.fn()
    const data = createSessionData({ clear })
    const answer = deferred<string>()
    const apply = vi.fn()
    const busy = vi.fn()
    const load = data.run(() => answer.promise, { apply, busy })
    const change = data.change()
    data.reset()
    expect(clear).toHaveBeenCalledTimes(1)
    answer.resolve('from the old session')
    await load
    expect(apply).not.toHaveBeenCalled()
    expect(busy).toHaveBeenCalledTimes(1)
    expect(change.fresh).toBe(false)
    expect(change.live).toBe(false)
  })

  it('makes a change stale when a load starts after it, but keeps it live', () => {
    const data = createSessionData({ clear: () => undefined })
    const change = data.change()
    expect(change.fresh).toBe(true)
    data.load()
    expect(change.fresh).toBe(false)
    expect(change.live).toBe(true)
  })

  it('makes a load stale once a change begun after it has applied its answer (issue 26 item 12)', () => {
    const data = createSessionData({ clear: () => undefined })
    const load = data.load()
    const change = data.change()
    data.changed()
    expect(load.fresh).toBe(false)
    expect(load.live).toBe(true)
    // The change itself, and a load begun after it, stay fresh.
    expect(change.fresh).toBe(true)
    expect(data.load().fresh).toBe(true)
  })

  it('reports a failure only while fresh, and rethrows without a fail handler', async () => {
    const data = createSessionData({ clear: () => undefined })
    const fail = vi.fn()
    await data.run(() => Promise.reject(new Error('down')), { apply: vi.fn(), fail })
    expect(fail).toHaveBeenCalledTimes(1)
    await expect(data.run(() => Promise.reject(new Error('down')), { apply: vi.fn() })).rejects.toThrow(
      'down',
    )
  })

  it('resets with the session when it has a name (logout)', () => {
    const clear = vi.fn()
    const data = createSessionData({ name: 'session-data-test', clear })
    const change = data.change()
    expect(registeredSessionResets()).toContain('session-data-test')
    useSessionStore.setState({ user: { token: 'tok', id_pelanggan: 1 } })
    useSessionStore.getState().logout()
    expect(clear).toHaveBeenCalled()
    expect(change.live).toBe(false)
  })
})
