import { useCallback, useRef, useState } from 'react'

export interface EndlessListOptions<TPage> {
  /** Pages already rendered (the server-rendered first page). */
  initialPages: TPage[]
  /** Whether more pages may follow the initial ones. */
  initialHasMore: boolean
  /** Loads page `index` (0-based; index = number of pages already loaded). */
  fetchPage: (index: number) => Promise<TPage>
  /** Whether another page may follow this one (e.g. hasMorePages from the contract). */
  hasMoreAfter: (page: TPage, index: number) => boolean
}

export interface EndlessList<TPage> {
  pages: TPage[]
  loading: boolean
  hasMore: boolean
  /** The last load failed: endless loading stops (spec 000 section 4, Listing). */
  failed: boolean
  loadMore: () => Promise<void>
}

/** Page-by-page loading for endless scrolling; one load at a time, stops for good after an error. */
export function useEndlessList<TPage>(options: EndlessListOptions<TPage>): EndlessList<TPage> {
  const [pages, setPages] = useState(options.initialPages)
  const [loading, setLoading] = useState(false)
  const [hasMore, setHasMore] = useState(options.initialHasMore)
  const [failed, setFailed] = useState(false)
  const state = useRef({ busy: false, hasMore: options.initialHasMore, count: options.initialPages.length })
  const latest = useRef(options)
  latest.current = options

  const loadMore = useCallback(async () => {
    const current = state.current
    if (current.busy || !current.hasMore) return
    current.busy = true
    setLoading(true)
    const index = current.count
    try {
      const page = await latest.current.fetchPage(index)
      const more = latest.current.hasMoreAfter(page, index)
      current.count = index + 1
      current.hasMore = more
      setPages((previous) => [...previous, page])
      setHasMore(more)
    } catch {
      current.hasMore = false
      setHasMore(false)
      setFailed(true)
    } finally {
      current.busy = false
      setLoading(false)
    }
  }, [])

  return { pages, loading, hasMore, failed, loadMore }
}
