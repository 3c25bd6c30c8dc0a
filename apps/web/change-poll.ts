/**
 * For a storefront that opens no database (API_URL without DATABASE_URL, decision 016 addendum):
 * asks the API every `intervalMs` for the id of the last change it heard (GET /changez) and calls
 * `onChange` when it moves, so kept pages are dropped within about a second of a staff change, as
 * a listening storefront's are within milliseconds. The first answer only sets the baseline; an
 * API that does not answer changes nothing (the page cache's TTL still bounds what is kept).
 */
export function pollChanges(apiUrl: string, onChange: () => void, intervalMs = 1000): () => void {
  let last: string | null = null
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const ask = async () => {
    try {
      const answer = await fetch(`${apiUrl}/changez`, { signal: AbortSignal.timeout(intervalMs * 2) })
      if (answer.ok) {
        const { last: now } = (await answer.json()) as { last: string }
        // An answer arriving after stop() (the server is closing) changes nothing.
        if (stopped) return
        if (last !== null && now !== last) onChange()
        last = now
      }
    } catch {
      // The API is restarting or unreachable: ask again next time.
    }
    if (!stopped) timer = setTimeout(ask, intervalMs).unref()
  }
  void ask()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
