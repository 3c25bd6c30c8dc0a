import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import type { CategoryGroup } from '@busana/contract'
import { installIntersectionObserver, renderWithApp } from '~/lib/test-utils.tsx'
import { ENDLESS_SCROLL_DELAY_MS } from '~/components/ui/endless-sentinel.tsx'
import { useSessionStore } from '~/lib/session-store.ts'
import { cardFixture, groupFixture } from '../catalog.fixtures.ts'
import { CategoryListing, type ListingWindow } from './category-listing.tsx'

let io: ReturnType<typeof installIntersectionObserver>
beforeEach(() => {
  io = installIntersectionObserver()
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  io.restore()
  vi.useRealTimers()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
})

const cards = () => screen.getAllByTestId('product-card')

/** Scrolls the sentinel into view and lets the 100 ms delay and the load run. */
async function scrollToEnd() {
  await act(async () => {
    io.intersect()
    await vi.advanceTimersByTimeAsync(ENDLESS_SCROLL_DELAY_MS)
  })
}

type LoadPage = (range: ListingWindow) => Promise<CategoryGroup[]>

function setup(loadPage: LoadPage, first = [groupFixture(0, 10)]) {
  return renderWithApp(<CategoryListing initialGroups={first} initialHasMore loadPage={loadPage} />)
}

describe('CategoryListing endless scroll', () => {
  it('loads the next 10 from offset 10, 20, … after the 100 ms delay', async () => {
    const loadPage = vi.fn(async ({ offset }: ListingWindow) => [groupFixture(offset, 10)])
    setup(loadPage)
    expect(cards()).toHaveLength(10)

    await act(async () => {
      io.intersect()
      await vi.advanceTimersByTimeAsync(ENDLESS_SCROLL_DELAY_MS / 2)
    })
    expect(loadPage).not.toHaveBeenCalled()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(ENDLESS_SCROLL_DELAY_MS / 2)
    })
    await waitFor(() => expect(cards()).toHaveLength(20))
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 10, limit: 10, token: undefined })

    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(30))
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 20, limit: 10, token: undefined })
  })

  it('stops when fewer than 10 come back', async () => {
    const loadPage = vi.fn(async ({ offset }: ListingWindow) => [groupFixture(offset, 4)])
    setup(loadPage)
    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(14))
    expect(screen.queryByTestId('endless-sentinel')).toBeNull()
    await scrollToEnd()
    expect(loadPage).toHaveBeenCalledTimes(1)
  })

  it('stops on an empty group list', async () => {
    const loadPage = vi.fn(async () => [] as CategoryGroup[])
    setup(loadPage)
    await scrollToEnd()
    await waitFor(() => expect(screen.queryByTestId('endless-sentinel')).toBeNull())
    await scrollToEnd()
    expect(loadPage).toHaveBeenCalledTimes(1)
    expect(cards()).toHaveLength(10)
  })

  it('stops after an error', async () => {
    const loadPage = vi.fn(async () => {
      throw new Error('boom')
    })
    setup(loadPage)
    await scrollToEnd()
    await waitFor(() => expect(screen.queryByTestId('endless-sentinel')).toBeNull())
    await scrollToEnd()
    expect(loadPage).toHaveBeenCalledTimes(1)
    expect(cards()).toHaveLength(10)
  })

  it('does not load when the first page already was the last', () => {
    const loadPage = vi.fn(async () => [groupFixture(10, 10)])
    renderWithApp(
      <CategoryListing initialGroups={[groupFixture(0, 3)]} initialHasMore={false} loadPage={loadPage} />,
    )
    expect(screen.queryByTestId('endless-sentinel')).toBeNull()
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('merges a segment continued on the next page under one heading with its banners', async () => {
    const first = [
      groupFixture(0, 6, { name: 'Summer', img1: '/media/banner-1.jpg' }),
      groupFixture(6, 4, { name: 'Autumn' }),
    ]
    const loadPage = vi.fn(async () => [
      groupFixture(10, 10, { name: 'Autumn', img1: '/media/banner-2.jpg' }),
    ])
    setup(loadPage, first)
    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(20))
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Summer',
      'Autumn',
    ])
    expect(screen.getAllByTestId('listing-grid')).toHaveLength(2)
    expect(screen.getByRole('img', { name: 'Autumn 1' })).toHaveProperty(
      'src',
      expect.stringContaining('banner-2'),
    )
  })
})

/** A group of `count` cards of a fresh answer (names the first answers never used, wishlisted). */
const freshGroup = (count: number) =>
  groupFixture(0, count, {
    item: Array.from({ length: count }, (_, i) =>
      cardFixture({
        product_code: `F${String(i).padStart(3, '0')}`,
        product_name: `Fresh ${i}`,
        is_wishlist: true,
      }),
    ),
  })

/** Changes the session and lets the reload it starts answer. */
async function changeSession(change: () => void) {
  await act(async () => {
    change()
    await vi.advanceTimersByTimeAsync(0)
  })
}
const signIn = (token: string) =>
  changeSession(() => useSessionStore.setState({ user: { token, id_pelanggan: 5 }, asGuest: false }))

describe('CategoryListing reload when the session changes', () => {
  it('re-requests everything shown from offset 0 for the new token and shows the fresh answer', async () => {
    const loadPage = vi.fn(async ({ offset, limit }: ListingWindow) =>
      limit === 10 ? [groupFixture(offset, 10)] : [freshGroup(limit)],
    )
    setup(loadPage)
    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(20))

    await signIn('tok-1')
    await waitFor(() => expect(screen.getByText('Fresh 0')).toBeTruthy())
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, token: 'tok-1' })
    expect(cards()).toHaveLength(20)
    expect(screen.queryByText('Linen Shirt P000')).toBeNull()

    // Endless loading goes on after the 20 reloaded cards, with the token.
    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(30))
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 20, limit: 10, token: 'tok-1' })

    // Signing out reloads the 30 as a visitor.
    await changeSession(() => useSessionStore.getState().logout())
    await waitFor(() => expect(loadPage).toHaveBeenLastCalledWith({ offset: 0, limit: 30, token: undefined }))
    await waitFor(() => expect(screen.getByText('Fresh 29')).toBeTruthy())
  })

  it('stops endless loading when a reload answers fewer than it asked for', async () => {
    const loadPage = vi.fn(async ({ offset, limit }: ListingWindow) =>
      limit === 10 ? [groupFixture(offset, 10)] : [freshGroup(limit - 5)],
    )
    setup(loadPage)
    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(20))

    await signIn('tok-1')
    await waitFor(() => expect(cards()).toHaveLength(15))
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, token: 'tok-1' })
    expect(screen.queryByTestId('endless-sentinel')).toBeNull()
    await scrollToEnd()
    expect(loadPage).toHaveBeenCalledTimes(2)
  })

  it('stops endless loading when a reload fails, keeping the cards shown', async () => {
    const loadPage = vi.fn(async () => {
      throw new Error('boom')
    })
    setup(loadPage)
    await signIn('tok-1')
    await waitFor(() => expect(screen.queryByTestId('endless-sentinel')).toBeNull())
    expect(cards()).toHaveLength(10)
    await scrollToEnd()
    expect(loadPage).toHaveBeenCalledTimes(1)
  })

  it('drops a page still loading when the token changes, then goes on from the reloaded cards', async () => {
    let release: (groups: CategoryGroup[]) => void = () => {}
    const loadPage = vi.fn(({ offset, limit, token }: ListingWindow) =>
      token
        ? Promise.resolve([freshGroup(limit)])
        : new Promise<CategoryGroup[]>((resolve) => {
            release = () => resolve([groupFixture(offset, 10)])
          }),
    )
    setup(loadPage)
    await scrollToEnd()
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 10, limit: 10, token: undefined })

    await signIn('tok-1')
    await waitFor(() => expect(screen.getByText('Fresh 0')).toBeTruthy())
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 0, limit: 10, token: 'tok-1' })
    await act(async () => release([]))
    expect(cards()).toHaveLength(10)
    expect(screen.queryByText('Linen Shirt P010')).toBeNull()

    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(20))
    expect(loadPage).toHaveBeenLastCalledWith({ offset: 10, limit: 10, token: 'tok-1' })
  })

  it('reloads at once when the shopper is already signed in, and not again for the same token', async () => {
    useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 5 }, asGuest: false })
    const loadPage = vi.fn(async ({ limit }: ListingWindow) => [freshGroup(limit)])
    setup(loadPage)
    await waitFor(() => expect(screen.getByText('Fresh 0')).toBeTruthy())
    expect(loadPage).toHaveBeenCalledExactlyOnceWith({ offset: 0, limit: 10, token: 'tok-1' })
    await signIn('tok-1')
    expect(loadPage).toHaveBeenCalledTimes(1)
  })
})
