import { useEffect, useRef, useState } from 'react'
import { STORE_KEYWORD_MAX, STORE_SEARCH_DEBOUNCE_MS, whatsappNumber } from '@busana/contract'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useIsWide } from '~/lib/use-hydrated.ts'
import { searchStores, type ShownStore as Store } from '../content.api.ts'

/** Only an https URL (the API answers nothing else, decision 033) is ever put in a frame. */
const frameUrl = (store: Store | undefined) =>
  store?.map_url && store.map_url.startsWith('https://') ? store.map_url : null

/** The chosen store's map, drawn by us around its allow-listed embed URL, or 'Maps Not Found'. */
function StoreMap({ store }: { store: Store | undefined }) {
  const { t } = useTranslation('content')
  const url = frameUrl(store)
  if (!store) return null
  if (!url) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center bg-neutral-100 text-sm font-medium text-neutral-500 lg:aspect-auto lg:h-full lg:min-h-[480px]">
        {t('store.mapNotFound')}
      </div>
    )
  }
  return (
    <iframe
      key={url}
      src={url}
      title={t('store.mapOf', { name: store.name })}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      sandbox="allow-scripts allow-same-origin allow-popups"
      className="aspect-[4/3] w-full border-0 bg-neutral-100 lg:aspect-auto lg:h-full lg:min-h-[480px]"
    />
  )
}

/** wa.me wants the number with the country code and no leading 0 (docs/product/account.md: +62). */
const whatsappLink = (number: string) => `https://wa.me/${whatsappNumber(number) ?? ''}`

/**
 * The store whose map is shown: the one the shopper chose; otherwise, at laptop width, the first
 * (its map sits in the column beside the list), and on a phone only a lone match.
 *
 * Why a phone never opens a map by itself in a longer list: the map opens inside the list, under
 * its store, as a cross-origin frame. Opened under the first result each time results reloaded,
 * it pushed the other stores ~250 px down while the keyboard closed, and the browser routes a tap
 * by where frames were a moment ago: the shopper's first tap on a store after typing landed in
 * the map's frame and was lost (issue 13).
 */
export function shownStore(stores: Store[], chosenId: number | undefined, wide: boolean) {
  const chosen = stores.find((store) => store.id === chosenId)
  if (chosen) return chosen
  return wide || stores.length === 1 ? stores[0] : undefined
}

/**
 * /our-store (docs/product/account.md §2 (Our store)): the keyword box (searching 500 ms after the last
 * keystroke), the store list and the shown store's map; 'Store Not Found' when nothing matches. The first
 * list comes from the server (also what the box's plain GET form shows without JavaScript).
 */
export function StoreLocator({
  initialKeyword,
  initialStores,
  initialTotalPages,
  brandId,
}: {
  initialKeyword: string
  initialStores: Store[]
  /** Pages the first answer said the search has (20 stores a page). */
  initialTotalPages: number
  brandId: number
}) {
  const { t } = useTranslation('content')
  const api = useApi()
  const [keyword, setKeyword] = useState(initialKeyword)
  const [stores, setStores] = useState(initialStores)
  const wide = useIsWide()
  // The store the shopper tapped; kept while it is still among the results.
  const [chosenId, setChosenId] = useState<number | undefined>()
  const [searching, setSearching] = useState(false)
  const searched = useRef(initialKeyword)
  // Paging (GET /api/v3/offline-store is 20 a page): pages shown so far and the answer's total.
  const [paging, setPaging] = useState({ page: 1, totalPages: initialTotalPages })
  const [loadingMore, setLoadingMore] = useState(false)
  const moreRequest = useRef<AbortController | null>(null)
  // The first store a 'more' answer added gets the focus, so keyboards and screen readers go on there.
  const [focusId, setFocusId] = useState<number | null>(null)
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    const wanted = keyword.trim()
    if (wanted === searched.current) return
    // A page of the old keyword must not be added to the new results.
    moreRequest.current?.abort()
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setSearching(true)
      searchStores(api, { keyword: wanted, brandId }, controller.signal)
        .then(({ stores: found, totalPages }) => {
          searched.current = wanted
          setStores(found)
          setPaging({ page: 1, totalPages })
          // A tap made while the search was on its way is not undone by its answer.
          setChosenId((id) => (found.some((store) => store.id === id) ? id : undefined))
          // The URL says what is shown, so a reload or a shared link finds the same stores.
          const url = new URL(window.location.href)
          if (wanted) url.searchParams.set('keyword', wanted)
          else url.searchParams.delete('keyword')
          window.history.replaceState(window.history.state, '', url)
        })
        .catch(() => {})
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false)
        })
    }, STORE_SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, brandId, keyword])

  useEffect(() => {
    if (focusId === null) return
    list.current?.querySelector<HTMLButtonElement>(`[data-store-id="${focusId}"] button`)?.focus()
    setFocusId(null)
  }, [focusId])

  useEffect(() => () => moreRequest.current?.abort(), [])

  /** The next page of the same search, added under the list (a failed page keeps the button). */
  function loadMore() {
    const controller = new AbortController()
    moreRequest.current = controller
    const next = paging.page + 1
    setLoadingMore(true)
    searchStores(api, { keyword: searched.current, brandId, page: next }, controller.signal)
      .then(({ stores: found, totalPages }) => {
        if (found.length === 0) return
        const known = new Set(stores.map((store) => store.id))
        const added = found.filter((store) => !known.has(store.id))
        setStores([...stores, ...added])
        setPaging({ page: next, totalPages })
        if (added[0]) setFocusId(added[0].id)
      })
      .catch(() => {})
      .finally(() => {
        if (!controller.signal.aborted) setLoadingMore(false)
      })
  }

  const shown = shownStore(stores, chosenId, wide)
  const hasMore = stores.length > 0 && paging.page < paging.totalPages

  return (
    <div className="page-container pb-16 pt-6 lg:pt-10">
      <h1 className="text-lg font-semibold uppercase tracking-[0.16em] lg:text-2xl">{t('store.heading')}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[400px_1fr] lg:gap-10">
        <div>
          <form method="get" role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="store-keyword" className="sr-only">
              {t('store.searchLabel')}
            </label>
            <input
              id="store-keyword"
              name="keyword"
              type="search"
              value={keyword}
              maxLength={STORE_KEYWORD_MAX}
              autoComplete="off"
              placeholder={t('store.search')}
              onChange={(event) => setKeyword(event.target.value)}
              className="h-11 w-full border border-neutral-300 px-3 text-sm focus:border-ink focus-visible:outline-offset-0"
            />
          </form>
          <p aria-live="polite" className="mt-2 min-h-5 text-xs text-neutral-500">
            {searching
              ? t('store.searching')
              : stores.length > 0
                ? t('store.results', { count: stores.length })
                : ''}
            {!searching && stores.length > 1 && !shown && (
              <span className="lg:hidden"> · {t('store.pick')}</span>
            )}
          </p>
          {stores.length === 0 ? (
            <p className="py-12 text-center text-sm font-medium text-neutral-500">{t('store.notFound')}</p>
          ) : (
            <ul
              ref={list}
              aria-label={t('store.heading')}
              className="mt-2 divide-y divide-neutral-200 border-y border-neutral-200 lg:max-h-[560px] lg:overflow-y-auto"
            >
              {stores.map((store) => {
                const current = store.id === shown?.id
                return (
                  <li
                    key={store.id}
                    data-store-id={store.id}
                    className={current ? 'bg-neutral-50' : undefined}
                  >
                    <button
                      type="button"
                      aria-pressed={current}
                      onClick={() => setChosenId(store.id)}
                      className="block w-full px-3 pt-4 text-left"
                    >
                      <span className="block text-sm font-semibold text-ink">{store.name}</span>
                      <span className="mt-1 block text-xs leading-relaxed text-neutral-600">
                        {store.address}
                      </span>
                    </button>
                    <div className="flex items-center gap-4 px-3 pb-4 pt-2 text-xs">
                      {store.whatsapp && (
                        <a
                          href={whatsappLink(store.whatsapp)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="underline underline-offset-2"
                        >
                          {t('store.whatsapp', { number: store.whatsapp })}
                        </a>
                      )}
                    </div>
                    {current && (
                      // Phones: the map opens under the chosen store.
                      <div className="px-3 pb-4 lg:hidden">
                        <StoreMap store={store} />
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
          {hasMore && (
            <button
              type="button"
              onClick={loadMore}
              disabled={loadingMore || searching}
              className="mt-4 h-11 w-full border border-ink text-xs font-semibold uppercase tracking-[0.14em] disabled:border-neutral-300 disabled:text-neutral-400"
            >
              {loadingMore ? t('store.loadingMore') : t('store.more')}
            </button>
          )}
        </div>
        <div className="hidden lg:block">{stores.length > 0 && <StoreMap store={shown ?? stores[0]} />}</div>
      </div>
    </div>
  )
}
