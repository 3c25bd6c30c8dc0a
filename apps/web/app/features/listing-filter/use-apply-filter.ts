import { useCallback } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import type { ListingFilter } from '@busana/contract'
import { addedChipKey, filterSearch } from './listing-filter.rules.ts'

/** What a filtered page keeps in its history entry: the chip the shopper added last. */
interface FilterHistoryState {
  lastFilter?: string | null
}

const lastFilterOf = (state: unknown): string | null =>
  state && typeof state === 'object' && 'lastFilter' in state && typeof state.lastFilter === 'string'
    ? state.lastFilter
    : null

/**
 * The address is the filter's one home (issue 39): applying a filter navigates to the same page
 * with the filter's parameters, so the loader renders it (on the server for a shared link or a
 * reload) and Back and Forward walk through the choices. The page's own parameters stay.
 */
export function useApplyFilter(applied: ListingFilter) {
  const navigate = useNavigate()
  const location = useLocation()
  const lastFilter = lastFilterOf(location.state)
  const apply = useCallback(
    (next: ListingFilter, options: { replace?: boolean } = {}) => {
      const search = filterSearch(location.search, next)
      if (search === location.search) return
      const state: FilterHistoryState = { lastFilter: addedChipKey(applied, next) ?? lastFilter }
      void navigate(
        { pathname: location.pathname, search },
        { state, preventScrollReset: true, replace: options.replace },
      )
    },
    [navigate, location.pathname, location.search, applied, lastFilter],
  )
  return { apply, lastFilter }
}

/** True while this page is loading another filter of itself (the list dims, aria-busy). */
export function useFilterPending(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  return navigation.state === 'loading' && navigation.location?.pathname === location.pathname
}
