import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { NOTIFICATION_FRESH_MS, NOTIFICATION_HIDE_MS, REVIEW_PROMPT_SNOOZE_MS } from '@busana/contract'
import { renderWithApp } from '~/lib/test-utils'
import { useSessionStore } from '~/lib/session-store'
import { NOTIF_STORAGE_KEY, useNotifStore } from '../notif-store'
import { apiAnswer } from '~/test/contract-answer.ts'
import { ReviewPrompt, useRatingsWaiting } from './review-prompt'

const NOW = Date.UTC(2025, 5, 1, 3, 0, 0)

/** The notification call: answers `count`, fails, or never answers (a slow network). */
function serveNotification(answer: number | 'fail' | 'hang') {
  const fetch = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost')
    if (url.pathname !== '/api/v1/pages/notification') return Promise.reject(new TypeError('unexpected'))
    if (answer === 'hang') return new Promise<Response>(() => {})
    if (answer === 'fail') return Promise.reject(new TypeError('Failed to fetch'))
    return Promise.resolve(apiAnswer('GET /api/v1/pages/notification', { total_rating: answer }))
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** What a browser holds under 'notif-storage' (version 2 unless said). */
function stored(state: Record<string, unknown>, version = 2) {
  localStorage.setItem(NOTIF_STORAGE_KEY, JSON.stringify({ state, version }))
}
const storedState = () => JSON.parse(localStorage.getItem(NOTIF_STORAGE_KEY) ?? 'null')?.state

function signIn(id: number) {
  useSessionStore.setState({
    user: { token: `tok-${id}`, id_pelanggan: id },
    asGuest: false,
    phoneAsGuest: null,
  })
}

function Dot() {
  return useRatingsWaiting() ? <span data-testid="dot" /> : null
}

async function renderPrompt() {
  renderWithApp(
    <>
      <ReviewPrompt />
      <Dot />
    </>,
    { path: '/member/order' },
  )
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
}
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
const prompt = () => screen.queryByTestId('review-prompt')
const dot = () => screen.queryByTestId('dot')

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: false })
  localStorage.clear()
  useNotifStore.setState({ memberId: null, totalRating: null, expiry: null, staleHidden: false, snoozes: {} })
  // Each test reads the storage it seeded, as a page load does.
  useNotifStore.persist.clearStorage()
  signIn(7)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
  localStorage.clear()
})

async function load(state?: Record<string, unknown>, version?: number) {
  if (state) stored(state, version)
  await act(async () => {
    await useNotifStore.persist.rehydrate()
  })
}

describe('the waiting-review notification (docs/product/account.md §4 and §9)', () => {
  it('hides a stored count 1 second after finding its expiry past, when no fresh count comes', async () => {
    serveNotification('hang')
    await load({ memberId: '7', totalRating: 3, expiry: NOW - 1, snoozes: {} })
    await renderPrompt()
    expect(prompt()?.textContent).toContain('3 products are waiting for your review')
    expect(dot()).not.toBeNull()
    await wait(NOTIFICATION_HIDE_MS - 1)
    expect(prompt()).not.toBeNull()
    await wait(1)
    expect(prompt()).toBeNull()
    expect(dot()).toBeNull()
  })

  it('hides it the same way when the stored expiry is missing, and when the refresh fails', async () => {
    serveNotification('fail')
    await load({ memberId: '7', totalRating: 2, snoozes: {} })
    await renderPrompt()
    expect(prompt()).not.toBeNull()
    await wait(NOTIFICATION_HIDE_MS)
    expect(prompt()).toBeNull()
  })

  it('keeps a count whose expiry is ahead, then hides it 1 second after that expiry passes', async () => {
    serveNotification('hang')
    await load({ memberId: '7', totalRating: 1, expiry: NOW + 5_000, snoozes: {} })
    await renderPrompt()
    await wait(5_000 + NOTIFICATION_HIDE_MS - 1)
    expect(prompt()).not.toBeNull()
    await wait(1)
    expect(prompt()).toBeNull()
  })

  it('shows a fresh count from the server and stores it with a new expiry', async () => {
    serveNotification(4)
    await load({ memberId: '7', totalRating: 1, expiry: NOW - 1, snoozes: {} })
    await renderPrompt()
    expect(prompt()?.textContent).toContain('4 products')
    await wait(NOTIFICATION_HIDE_MS * 5)
    expect(prompt()).not.toBeNull()
    expect(storedState()).toMatchObject({
      memberId: '7',
      totalRating: 4,
      expiry: NOW + NOTIFICATION_FRESH_MS,
    })
  })

  it('never shows another member their count, not even for a moment', async () => {
    serveNotification('hang')
    await load({ memberId: '8', totalRating: 5, expiry: NOW + 60_000, snoozes: {} })
    await renderPrompt()
    expect(prompt()).toBeNull()
    expect(dot()).toBeNull()
    expect(storedState()).toMatchObject({ memberId: '7', totalRating: null })
  })

  it('decrements the count as ratings are submitted', async () => {
    serveNotification('hang')
    await load({ memberId: '7', totalRating: 2, expiry: NOW + 60_000, snoozes: {} })
    await renderPrompt()
    act(() => useNotifStore.getState().decrement())
    expect(prompt()?.textContent).toContain('1 products')
    act(() => useNotifStore.getState().decrement())
    expect(prompt()).toBeNull()
    expect(dot()).toBeNull()
  })
})

describe('the waiting-review prompt is snoozed 24 hours, for the member who snoozed it', () => {
  it('snoozes with Later for 24 hours; another member on the same browser still gets theirs', async () => {
    serveNotification(2)
    await load()
    await renderPrompt()
    fireEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(prompt()).toBeNull()
    expect(storedState().snoozes).toEqual({ '7': NOW + REVIEW_PROMPT_SNOOZE_MS })

    // Logout where the reviews code may never have loaded leaves the storage as it is; member 8 signs in.
    act(() => signIn(8))
    await wait(0)
    expect(prompt()?.textContent).toContain('2 products')

    // Member 7 comes back the next morning: still snoozed until 24 hours have passed.
    act(() => signIn(7))
    await wait(0)
    expect(prompt()).toBeNull()
    expect(dot()).not.toBeNull()
  })

  it('shows the prompt again once the snooze has passed', async () => {
    serveNotification(2)
    await load({ memberId: '7', totalRating: 2, expiry: NOW + 60_000, snoozes: { '7': NOW - 1 } })
    await renderPrompt()
    expect(prompt()).not.toBeNull()
  })

  it('drops the single snooze and ownerless count of version 1, and anything malformed', async () => {
    serveNotification('hang')
    await load({ totalRating: 3, expiry: NOW + REVIEW_PROMPT_SNOOZE_MS }, 1)
    expect(useNotifStore.getState()).toMatchObject({ memberId: null, totalRating: null, snoozes: {} })
    await load({ memberId: 7, totalRating: '3', expiry: 'soon', snoozes: { '7': 'x', '9': NOW } })
    expect(useNotifStore.getState()).toMatchObject({
      memberId: null,
      totalRating: null,
      expiry: null,
      snoozes: { '9': NOW },
    })
  })

  it('logout forgets the count but keeps each member their own snooze', async () => {
    await load({ memberId: '7', totalRating: 2, expiry: NOW + 60_000, snoozes: { '7': NOW + 1_000 } })
    act(() => useSessionStore.getState().logout())
    expect(useNotifStore.getState()).toMatchObject({ memberId: null, totalRating: null, expiry: null })
    expect(useNotifStore.getState().snoozes).toEqual({ '7': NOW + 1_000 })
  })
})
