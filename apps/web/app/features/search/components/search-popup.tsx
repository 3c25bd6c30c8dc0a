import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { formatIdr, priceDisplay, priceText, productPath, SEARCH_MIN_CHARS } from '@busana/contract'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { usePriceLabel } from '~/components/ui/price-label.ts'
import { SearchIcon } from '~/components/ui/icons.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useApi } from '~/lib/browser-api.ts'
import { TrackedLink, useTrackedNavigate } from '~/lib/tracked-link.tsx'
import { suggestProducts, type SearchProduct } from '../search.api.ts'

/** The popup waits this long after the last key before asking (docs/product/account.md §4). */
export const SEARCH_DEBOUNCE_MS = 300

type Status = 'idle' | 'loading' | 'done' | 'failed'

/**
 * Search popup: suggestions from 3 characters on (300 ms debounce, up to 5); Enter opens /search.
 * Product rows only, on purpose: docs/product/account.md gives the popup one call (product_suggestion,
 * answered like the search) and one kind of row (the search product: product_name, url_image,
 * selling_price, harga_coret); it shows no keyword, category or recent-search rows.
 */
export function SearchPopup() {
  const { t } = useTranslation()
  const spokenPrice = usePriceLabel()
  const api = useApi()
  const navigate = useTrackedNavigate()
  const setSearch = useOverlayStore((s) => s.setSearch)
  const close = () => setSearch(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<SearchProduct[]>([])
  const [status, setStatus] = useState<Status>('idle')
  const key = query.trim()
  const ready = key.length >= SEARCH_MIN_CHARS

  useEffect(() => {
    if (!ready) {
      setResults([])
      setStatus('idle')
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setStatus('loading')
      suggestProducts(api, key, controller.signal)
        .then((items) => {
          setResults(items)
          setStatus('done')
        })
        .catch(() => {
          if (controller.signal.aborted) return
          setResults([])
          setStatus('failed')
        })
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, key, ready])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!key) return
    close()
    navigate(`/search?query=${encodeURIComponent(key)}`)
  }

  return (
    <OverlayPanel
      title={t('search.label')}
      placement="top"
      onClose={close}
      closeLabel={t('common.close')}
      initialFocusRef={inputRef}
    >
      <div className="page-container max-w-3xl py-6">
        <form
          role="search"
          onSubmit={onSubmit}
          className="flex items-center gap-3 border-b-2 border-ink pb-2"
        >
          <SearchIcon className="shrink-0" />
          <input
            ref={inputRef}
            type="search"
            name="query"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            aria-describedby={hintId}
            autoComplete="off"
            enterKeyHint="search"
            className="h-11 w-full bg-transparent px-1 text-base focus-visible:outline-offset-0 placeholder:text-neutral-500 lg:text-lg [&::-webkit-search-cancel-button]:appearance-none"
          />
        </form>
        <p id={hintId} className="mt-3 min-h-5 text-xs text-neutral-500" aria-live="polite">
          {!ready && t('search.minChars', { count: SEARCH_MIN_CHARS })}
          {ready && status === 'loading' && t('common.loading')}
          {ready &&
            (status === 'done' || status === 'failed') &&
            results.length === 0 &&
            t('search.nothingFound')}
        </p>
        {ready && results.length > 0 && (
          <div className="mt-2">
            <h3 className="sr-only">{t('search.suggestions')}</h3>
            <ul className="divide-y divide-neutral-100" data-testid="search-suggestions">
              {results.map((product) => {
                // The card's price rule: a range, or the price with harga_coret struck through.
                const display = priceDisplay(product)
                const strike = display.kind === 'single' ? display.strike : null
                // Read as one sentence ('Rp. 119,000, was Rp. 259,000'), as on the cards (issue 29).
                const spoken = spokenPrice(display, formatIdr)
                return (
                  <li key={product.product_code}>
                    <TrackedLink
                      to={productPath(product)}
                      onClick={close}
                      className="flex items-center gap-4 py-3 hover:bg-neutral-50"
                    >
                      <img
                        src={product.url_image || '/media/fallback.svg'}
                        alt=""
                        width={48}
                        height={64}
                        className="h-16 w-12 shrink-0 bg-neutral-100 object-cover"
                      />
                      <span className="flex-1 text-sm">{product.product_name}</span>
                      {spoken && <span className="sr-only">{spoken}</span>}
                      <span
                        aria-hidden={spoken ? true : undefined}
                        className="flex flex-col items-end text-sm"
                      >
                        <span className={`font-medium ${strike !== null ? 'text-accent' : ''}`}>
                          {priceText(display, formatIdr)}
                        </span>
                        {strike !== null && (
                          <s className="text-xs text-neutral-500" data-testid="suggestion-strike">
                            {formatIdr(strike)}
                          </s>
                        )}
                      </span>
                    </TrackedLink>
                  </li>
                )
              })}
            </ul>
            <TrackedLink
              to={`/search?query=${encodeURIComponent(key)}`}
              onClick={close}
              className="mt-4 inline-block text-xs font-semibold uppercase tracking-[0.16em] underline underline-offset-4"
            >
              {t('search.seeAll', { query: key })}
            </TrackedLink>
          </div>
        )}
      </div>
    </OverlayPanel>
  )
}
