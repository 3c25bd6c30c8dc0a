import { useLayoutEffect } from 'react'
import { selectAnyOverlayOpen, useOverlayStore } from './overlay-store.ts'

/** Hides the page scrollbar while `locked`, keeping the layout width (scrollbar gutter). */
export function useScrollLock(locked: boolean) {
  useLayoutEffect(() => {
    if (!locked) return
    const { body, documentElement } = document
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
    const scrollbar = window.innerWidth - documentElement.clientWidth
    body.style.overflow = 'hidden'
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
    return () => {
      body.style.overflow = previous.overflow
      body.style.paddingRight = previous.paddingRight
    }
  }, [locked])
}

/** Locks page scrolling while any overlay of the overlay store is open (docs/product/shopping.md §2, Overlays). */
export function OverlayScrollLock() {
  useScrollLock(useOverlayStore(selectAnyOverlayOpen))
  return null
}
