import { act, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useUrlFilters } from './use-url-filters.ts'

/** The hook on a list screen at `path`, with the router's history to look at. */
function onList(path: string) {
  let state: { filters: ReturnType<typeof useUrlFilters<['q', 'status']>>; search: string } | undefined
  function List() {
    const filters = useUrlFilters(['q', 'status'] as const, { status: 'paid' })
    state = { filters, search: useLocation().search }
    return null
  }
  const router = createMemoryRouter([{ path: '/orders', element: <List /> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return { router, now: () => state! }
}

describe('useUrlFilters', () => {
  it('reads the filters and the page from the address, with defaults', () => {
    const { now } = onList('/orders?q=kebaya&page=3')
    expect(now().filters.filters).toEqual({ q: 'kebaya', status: 'paid' })
    expect(now().filters.page).toBe(3)
  })

  it('starts on page 1 when the page is missing or not a number', () => {
    expect(onList('/orders').now().filters.page).toBe(1)
    expect(onList('/orders?page=abc').now().filters.page).toBe(1)
  })

  it('changing a filter goes back to page 1 and replaces the history entry', () => {
    const { router, now } = onList('/orders?q=kebaya&page=3')
    act(() => now().filters.setFilter('status', 'shipped'))
    expect(now().search).toBe('?q=kebaya&status=shipped')
    expect(router.state.historyAction).toBe('REPLACE')
    act(() => now().filters.setFilter('q', ''))
    expect(now().search).toBe('?status=shipped')
  })

  it('turning a page adds a history entry (Back returns to the previous page)', async () => {
    const { router, now } = onList('/orders?q=kebaya')
    act(() => now().filters.setPage(2))
    expect(now().search).toBe('?q=kebaya&page=2')
    expect(router.state.historyAction).toBe('PUSH')
    await act(() => router.navigate(-1))
    expect(now().filters.page).toBe(1)
  })
})
