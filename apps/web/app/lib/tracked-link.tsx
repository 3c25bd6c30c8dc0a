import { Link, useLocation, useNavigate, type LinkProps, type NavigateOptions } from 'react-router'
import { useCallback, useSyncExternalStore } from 'react'
import { MAIN_BRAND_ID } from '@busana/contract'
import { useRootData } from './root-data.ts'

/** Carried on every internal navigation for the main brand (docs/product/shopping.md §2, Links). */
export const TRACKING_PARAMS = ['utm_source', 'utm_medium', 'session_id'] as const

/**
 * Appends the tracking parameters present in `currentSearch` to an internal path ('/…'); values
 * already in `to` win. External links, hashes alone and protocol-relative URLs are left alone.
 */
export function withTracking(to: string, currentSearch: string): string {
  if (!to.startsWith('/') || to.startsWith('//')) return to
  const current = new URLSearchParams(currentSearch)
  const carried = TRACKING_PARAMS.filter((key) => current.get(key))
  if (carried.length === 0) return to
  const hashAt = to.indexOf('#')
  const hash = hashAt >= 0 ? to.slice(hashAt) : ''
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to
  const queryAt = beforeHash.indexOf('?')
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '')
  for (const key of carried) if (!params.has(key)) params.set(key, current.get(key) ?? '')
  return `${path}?${params}${hash}`
}

const subscribeToNothing = () => () => {}

/**
 * True when this build serves the main brand (tracking is carried only there), once the page is
 * hydrated: the server and the hydrating render leave links bare, so a server-rendered page is the
 * same whatever tracking parameters its URL carries and the page cache shares it (page-cache.ts);
 * React then renders the links again with the parameters.
 */
function useTrackingEnabled(): boolean {
  const brandId = useRootData()?.publicConfig.BRAND_ID
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
  return hydrated && (brandId === undefined || brandId === MAIN_BRAND_ID)
}

/** The href for an internal link with the current page's tracking parameters. */
export function useTrackedHref(to: string): string {
  const { search } = useLocation()
  return useTrackingEnabled() ? withTracking(to, search) : to
}

/** A function that adds the tracking parameters (for lists of links and redirects). */
export function useTrack(): (to: string) => string {
  const { search } = useLocation()
  const enabled = useTrackingEnabled()
  return useCallback((to: string) => (enabled ? withTracking(to, search) : to), [enabled, search])
}

/** navigate() that carries the tracking parameters. */
export function useTrackedNavigate() {
  const navigate = useNavigate()
  const track = useTrack()
  return useCallback(
    (to: string, options?: NavigateOptions) => navigate(track(to), options),
    [navigate, track],
  )
}

export type TrackedLinkProps = Omit<LinkProps, 'to'> & { to: string }

/** <Link> for internal paths that carries utm_source, utm_medium and session_id. */
export function TrackedLink({ to, ...props }: TrackedLinkProps) {
  return <Link to={useTrackedHref(to)} {...props} />
}
