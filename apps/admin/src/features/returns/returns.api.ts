import { useQuery } from '@tanstack/react-query'
import type { StaffReturn, StaffReturnListItem, Warehouse } from '@busana/contract/schemas'
import { staffApi, staffPage } from '../../lib/api.ts'

/** One page of the returns queue with the list's filters (status, resolution, q). */
export function useReturns(filters: Record<string, string>, page: number) {
  return useQuery({
    queryKey: ['returns', filters, page],
    queryFn: () => staffPage<StaffReturnListItem>('/returns', { ...filters, page, per_page: 25 }),
  })
}

/**
 * How many returns wait in a state: the paged list asked for one row per page answers as many pages
 * as there are returns.
 */
export function useReturnCount(status: string) {
  return useQuery({
    queryKey: ['returns', 'count', status],
    queryFn: async () =>
      (await staffPage<StaffReturnListItem>('/returns', { status, per_page: 1 })).totalPages,
    refetchInterval: 60_000,
  })
}

export const returnPath = (number: string) => `/returns/${encodeURIComponent(number)}`

/** One return as staff work it. */
export function useReturn(number: string) {
  return useQuery({
    queryKey: ['return', number],
    queryFn: () => staffApi<StaffReturn>('GET', returnPath(number)),
  })
}

/** The warehouses (stock.read: the owner and the warehouse; others leave the choice to the server). */
export function useWarehouses(enabled: boolean) {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => staffApi<Warehouse[]>('GET', '/warehouses'),
    staleTime: 300_000,
    enabled,
  })
}

/** How long ago an instant was, in the largest whole unit. */
export function ageOf(at: string, now = Date.now()): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / 60_000))
  if (minutes < 60) return { unit: 'minutes', count: minutes }
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) }
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) }
}
