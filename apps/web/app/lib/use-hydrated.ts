import { useSyncExternalStore } from 'react'
import { useRootData } from './root-data.ts'

const noopSubscribe = () => () => {}

/** False on the server and during hydration, true afterwards: render client-only details with it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}

/**
 * "Now" for rendering: the server's render time until hydration is done (so the HTML matches),
 * the browser's clock afterwards.
 */
export function useNow(): number {
  const hydrated = useHydrated()
  const serverNow = useRootData()?.now
  return hydrated || serverNow === undefined ? Date.now() : serverNow
}

/** Laptop width: quick view, carousel layout switch (docs/product/shopping.md §9). */
export const WIDE_QUERY = '(min-width: 1024px)'

/** A media query as state; `serverValue` on the server and during hydration. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  )
}

/** True at 1024 px and wider; read it in event handlers with `isWideScreen()` instead when you can. */
export const useIsWide = () => useMediaQuery(WIDE_QUERY)
export const isWideScreen = () => typeof window !== 'undefined' && window.matchMedia(WIDE_QUERY).matches
