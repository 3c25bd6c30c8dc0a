import { useEffect, useState } from 'react'
import type { HomeData } from '@busana/contract'
import { useApi } from '~/lib/browser-api.ts'
import { fullHome, homeHasMore, type HomeView } from './home.rules.ts'

/**
 * The home page's rails in full: the server's first view until the browser is idle, then the whole
 * home answer (GET /api/v1/pages/home, unparsed: no schema code in the bundle), which fills the
 * rails the first view left out. A failure keeps the first view.
 */
export function useFullHome(view: HomeView, isChild: boolean): HomeView {
  const api = useApi()
  const [full, setFull] = useState<{ from: HomeView; data: HomeView } | null>(null)
  useEffect(() => {
    if (!homeHasMore(view)) return
    let cancelled = false
    const load = () => {
      api
        .request<HomeData>('/api/v1/pages/home', {
          query: { is_child: isChild ? 'YES' : 'NO' },
          silent: true,
        })
        .then((answer) => {
          if (!cancelled) setFull({ from: view, data: fullHome(answer.data) })
        })
        .catch(() => {})
    }
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 2_000 })
      return () => {
        cancelled = true
        window.cancelIdleCallback(id)
      }
    }
    const id = setTimeout(load, 200)
    return () => {
      cancelled = true
      clearTimeout(id)
    }
  }, [api, view, isChild])
  return full?.from === view ? full.data : view
}
