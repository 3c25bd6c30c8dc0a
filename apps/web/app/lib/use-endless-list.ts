import { useCallback, useRef, useState } from 'react'

/** What a reload answers: the page that replaces everything shown, and whether more may follow it. */
export interface EndlessReload<TPage> {
  page: TPage
  hasMore: boolean
}

export interface EndlessListOptions<TPage> {
  /** Pages already rendered (the server-rendered first page). */
  initialPages: TPage[]
  /** Whether more pages may follow the initial ones. */
  initialHasMore: boolean
  /**
   * Loads page `index` (0-based; index = number of pages held). `pages` are the pages held: after a
   * reload they are one page holding everything, so offset-based lists count items instead.
   */
  fetchPage: (index: number, pages: TPage[]) => Promise<TPage>
  /** Whether another page may follow this one (e.g. hasMorePages from the contract). */
  hasMoreAfter: (page: TPage, index: number) => boolean
  /**
   * Re-requests everything shown (`pages`) for reload(): the answer replaces the list, and its
   * `hasMore` applies the stop rule to what was asked. Without it reload() does nothing.
   */
  refetch?: (pages: TPage[]) => Promise<EndlessReload<TPage>>
}

export interface EndlessList<TPage> {
  pages: TPage[]
  /** A load or a reload is under way. */
  loading: boolean
  hasMore: boolean
  /** A load or reload failed: endless loading stops (docs/product/shopping.md §4, Listing). */
  failed: boolean
  loadMore: () => Promise<void>
  /**
   * Replaces the list with a fresh answer for as many as are shown (docs/product/shopping.md §4, Listing: "A
   * reload re-requests as many as are already shown"). It wins over a load under way, whose answer
   * is dropped; a newer reload wins over an older one.
   */
  reload: () => Promise<void>
}

/**
 * Page-by-page loading for endless scrolling, one load at a time, plus reload(). An error stops
 * endless loading for good: a later successful reload refreshes the items but does not restart it.
 */
export function useEndlessList<TPage>(options: EndlessListOptions<TPage>): EndlessList<TPage> {
  const [pages, setPages] = useState(options.initialPages)
  const [loading, setLoading] = useState(false)
  const [hasMore, setHasMore] = useState(options.initialHasMore)
  const [failed, setFailed] = useState(false)
  // The truth for the async callbacks; the state above mirrors it for rendering. `generation`
  // grows with every reload, so an answer started before it is recognised as stale.
  const state = useRef({
    busy: false,
    hasMore: options.initialHasMore,
    failed: false,
    pages: options.initialPages,
    generation: 0,
  })
  const latest = useRef(options)
  latest.current = options

  const fail = useCallback(() => {
    state.current.hasMore = false
    state.current.failed = true
    setHasMore(false)
    setFailed(true)
  }, [])

  /**
   * Runs one load or reload of `generation`: busy while it runs, its answer applied only if no
   * reload started meanwhile, and a failure stops endless loading.
   */
  const run = useCallback(
    async (generation: number, load: () => Promise<{ pages: TPage[]; hasMore: boolean }>) => {
      const current = state.current
      current.busy = true
      setLoading(true)
      try {
        const answer = await load()
        if (generation !== current.generation) return
        current.pages = answer.pages
        current.hasMore = answer.hasMore && !current.failed
        setPages(current.pages)
        setHasMore(current.hasMore)
      } catch {
        if (generation === current.generation) fail()
      } finally {
        if (generation === current.generation) {
          current.busy = false
          setLoading(false)
        }
      }
    },
    [fail],
  )

  const loadMore = useCallback(async () => {
    const current = state.current
    if (current.busy || !current.hasMore) return
    const held = current.pages
    const index = held.length
    await run(current.generation, async () => {
      const page = await latest.current.fetchPage(index, held)
      return { pages: [...held, page], hasMore: latest.current.hasMoreAfter(page, index) }
    })
  }, [run])

  const reload = useCallback(async () => {
    const current = state.current
    const refetch = latest.current.refetch
    if (!refetch) return
    const held = current.pages
    await run(++current.generation, async () => {
      const answer = await refetch(held)
      return { pages: [answer.page], hasMore: answer.hasMore }
    })
  }, [run])

  return { pages, loading, hasMore, failed, loadMore, reload }
}
