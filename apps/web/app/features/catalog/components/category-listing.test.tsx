import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import type { CategoryGroup } from '@busana/contract'
import { installIntersectionObserver, renderWithApp } from '~/lib/test-utils.tsx'
import { ENDLESS_SCROLL_DELAY_MS } from '~/components/ui/endless-sentinel.tsx'
import { groupFixture } from '../catalog.fixtures.ts'
import { CategoryListing } from './category-listing.tsx'

let io: ReturnType<typeof installIntersectionObserver>
beforeEach(() => {
  io = installIntersectionObserver()
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  io.restore()
  vi.useRealTimers()
})

const cards = () => screen.getAllByTestId('product-card')

/** Scrolls the sentinel into view and lets the 100 ms delay and the load run. */
async function scrollToEnd() {
  await act(async () => {
    io.intersect()
    await vi.advanceTimersByTimeAsync(ENDLESS_SCROLL_DELAY_MS)
  })
}

function setup(loadPage: (offset: number) => Promise<CategoryGroup[]>, first = [groupFixture(0, 10)]) {
  return renderWithApp(<CategoryListing initialGroups={first} initialHasMore loadPage={loadPage} />)
}

describe('CategoryListing endless scroll', () => {
  it('loads the next 10 from offset 10, 20, … after the 100 ms delay', async () => {
    const loadPage = vi.fn(async (offset: number) => [groupFixture(offset, 10)])
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
    expect(loadPage).toHaveBeenLastCalledWith(10)

    await scrollToEnd()
    await waitFor(() => expect(cards()).toHaveLength(30))
    expect(loadPage).toHaveBeenLastCalledWith(20)
  })

  it('stops when fewer than 10 come back', async () => {
    const loadPage = vi.fn(async (offset: number) => [groupFixture(offset, 4)])
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
