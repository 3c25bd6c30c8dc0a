import { useSyncExternalStore } from 'react'

/**
 * Whether the shopper asked their system for less motion (issue 29). CSS animations and transitions
 * are cut to 1 ms for them in app.css; the scrolls and timers started from script ask here.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  )
}

/** 'smooth' for a carousel's scroll, or a jump when the shopper asked for less motion. */
export function scrollMotion(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth'
}

const REDUCE = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(REDUCE)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/**
 * The same wish as a React value, following the system setting while the page is open. False on the
 * server and in the hydrating render, so both render the same markup.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false)
}
