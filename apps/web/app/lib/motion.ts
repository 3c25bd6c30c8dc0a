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
