import { useEffect, useRef } from 'react'

/** Endless scroll delay (docs/product/shopping.md §9). */
export const ENDLESS_SCROLL_DELAY_MS = 100

export interface EndlessSentinelProps {
  hasMore: boolean
  loading: boolean
  onLoadMore: () => void
  loadingLabel: string
  /** Start loading this far before the sentinel scrolls into view. */
  rootMargin?: string
}

/**
 * Placed after a list: when it comes into view it asks for the next page (after 100 ms). The
 * observer is re-created after every load, so a sentinel still in view asks again.
 */
export function EndlessSentinel({
  hasMore,
  loading,
  onLoadMore,
  loadingLabel,
  rootMargin = '400px 0px',
}: EndlessSentinelProps) {
  const ref = useRef<HTMLDivElement>(null)
  const onLoadMoreRef = useRef(onLoadMore)
  onLoadMoreRef.current = onLoadMore

  useEffect(() => {
    const element = ref.current
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        clearTimeout(timer)
        timer = setTimeout(() => onLoadMoreRef.current(), ENDLESS_SCROLL_DELAY_MS)
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [hasMore, loading, rootMargin])

  if (!hasMore && !loading) return null
  return (
    <div ref={ref} className="flex h-16 items-center justify-center" data-testid="endless-sentinel">
      {loading && (
        <span
          role="status"
          className="flex items-center gap-3 text-xs uppercase tracking-[0.2em] text-neutral-500"
        >
          <span
            className="size-4 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-900"
            aria-hidden="true"
          />
          {loadingLabel}
        </span>
      )}
    </div>
  )
}
