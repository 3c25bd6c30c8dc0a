import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useSessionStore } from '~/lib/session-store.ts'
import { renderOrdersApp } from './render-orders.test-utils.tsx'
import type { OrderListItem } from '@busana/contract/schemas'
import { apiAnswer } from '~/test/contract-answer.ts'
import { OrderHistory } from './order-history.tsx'

const orderOf = (n: number, no_resi: string | null = null): OrderListItem => ({
  id_sales_header: `id-${n}`,
  order_date: '2026-11-23T10:00:00+07:00',
  status: no_resi ? 'Delivery' : 'Paid',
  status_message: 'msg',
  sales_order_number: `BSN-261123-0000000${n}`,
  total: 100000 + n,
  no_resi,
  paket: 'JNE REG',
})
let pages: Record<string, OrderListItem[]>
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(async () => {
  localStorage.clear()
  await useSessionStore.persist.rehydrate()
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://x')
    const page = url.searchParams.get('current_page') ?? '1'
    const data = pages[page] ?? []
    return apiAnswer('GET /api/v1/member/order_history', data, 'ok', {
      total_pages: Object.keys(pages).length,
    })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null })
})

describe('OrderHistory (docs/product/shopping.md §2 and 3)', () => {
  it('shows the product’s empty line and SHOP NOW', async () => {
    pages = {}
    renderOrdersApp(<OrderHistory />, '/member/order')
    const empty = await screen.findByTestId('orders-empty')
    expect(empty.textContent).toContain("You haven't placed any orders yet.")
    expect(screen.getByRole('link', { name: 'SHOP NOW' }).getAttribute('href')).toBe('/')
  })

  it('asks with the token, pages with Load more, and offers Track Order only with a waybill', async () => {
    pages = { '1': [orderOf(1, 'JNE0001112223'), orderOf(2)], '2': [orderOf(3)] }
    renderOrdersApp(<OrderHistory />, '/member/order')
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2))
    const asked = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(asked.pathname).toBe('/api/v1/member/order_history')
    expect(asked.searchParams.get('token')).toBe('tok-1')
    expect(screen.getAllByRole('button', { name: 'Track Order' })).toHaveLength(1)
    expect(screen.getAllByRole('link', { name: 'View Details' })[1]!.getAttribute('href')).toBe(
      '/member/order/id-2',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBe(null)
  })
})
