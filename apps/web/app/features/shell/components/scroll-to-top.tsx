import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Scrolls to the top when the path changes (docs/product/account.md §2); search-only changes keep the place. */
export function ScrollToTop() {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
