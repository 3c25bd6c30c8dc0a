import { useQuery } from '@tanstack/react-query'
import type { DashboardTodo, ReturnRates, SalesOverview } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'

/** What needs doing now: read again every minute and whenever staff come back to the tab. */
export function useTodo() {
  return useQuery({
    queryKey: ['insights', 'todo'],
    queryFn: () => staffApi<DashboardTodo>('GET', '/insights/todo'),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  })
}

/** How the shop is selling (the server keeps it a minute; decision 050). */
export function useSales(enabled: boolean) {
  return useQuery({
    queryKey: ['insights', 'sales'],
    queryFn: () => staffApi<SalesOverview>('GET', '/insights/sales'),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })
}

/** The return rate by product and size over the last 90 days (insights.read; kept a minute by the server). */
export function useReturnRates(enabled: boolean) {
  return useQuery({
    queryKey: ['insights', 'returns'],
    queryFn: () => staffApi<ReturnRates>('GET', '/insights/returns', { query: { days: 90, limit: 5 } }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })
}

/** How long ago an instant was, in the largest whole unit: [unit, count]. */
export function waitedSince(at: string, now = Date.now()): ['minutes' | 'hours' | 'days', number] {
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / 60_000))
  if (minutes < 60) return ['minutes', minutes]
  if (minutes < 48 * 60) return ['hours', Math.floor(minutes / 60)]
  return ['days', Math.floor(minutes / (24 * 60))]
}

/** The change from `previous` to `current` in whole percent; null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null
  return Math.round(((current - previous) / previous) * 100)
}

/** An amount short enough for a chart's axis: 'Rp 1,2 jt' / 'Rp 1.2M', 'Rp 350 rb' / 'Rp 350k'. */
export function shortIdr(amount: number, language: string): string {
  const id = language !== 'en'
  const one = (value: number) =>
    (Math.round(value * 10) / 10).toLocaleString(id ? 'id-ID' : 'en-GB', { maximumFractionDigits: 1 })
  if (Math.abs(amount) >= 1_000_000_000) return `Rp ${one(amount / 1_000_000_000)}${id ? ' M' : 'B'}`
  if (Math.abs(amount) >= 1_000_000) return `Rp ${one(amount / 1_000_000)}${id ? ' jt' : 'M'}`
  if (Math.abs(amount) >= 1_000) return `Rp ${one(amount / 1_000)}${id ? ' rb' : 'k'}`
  return `Rp ${amount}`
}

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
}

/** A shop date 'YYYY-MM-DD' as '27 Nov' ('27 Des' in Indonesian). */
export function shortDay(date: string, language: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${day} ${MONTHS[language === 'en' ? 'en' : 'id'][month - 1]}`
}
