import { lazy, Suspense, useRef, useState } from 'react'
import { activeFilterCount, type ListingFacets, type ListingFilter, type ListingSort } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { ChevronIcon } from '~/components/ui/icons.tsx'
import { clearedFilter, filterChips, withoutChip, withSort } from '../listing-filter.rules.ts'
import { useApplyFilter } from '../use-apply-filter.ts'
import { FilterChips } from './filter-chips.tsx'

// The overlay and the sort menu load when first opened: the first view carries only their triggers.
const loadOverlay = () => import('./filter-overlay.tsx')
const FilterOverlay = lazy(() => loadOverlay().then((m) => ({ default: m.FilterOverlay })))
const SortMenu = lazy(() => import('./sort-menu.tsx').then((m) => ({ default: m.SortMenu })))

/** Counts the filter's facets for a choice not applied yet (the same call with limit 1). */
export type LoadFacets = (filter: ListingFilter, signal: AbortSignal) => Promise<ListingFacets>

export interface ListingFilterBarProps {
  /** The applied filter (the address's). */
  filter: ListingFilter
  /** How many products the applied filter leaves (the loader's facets.total). */
  total: number
  loadFacets: LoadFacets
}

const FilterIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    aria-hidden="true"
  >
    <path d="M4 7h10M18 7h2M4 17h2M10 17h10" strokeLinecap="round" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="8" cy="17" r="2" />
  </svg>
)

/**
 * The bar under a listing's or search's heading (issue 39): Filter with the number chosen, Sort, the
 * number of products (announced when it changes), and the chosen filters as removable chips.
 */
export function ListingFilterBar({ filter, total, loadFacets }: ListingFilterBarProps) {
  const { t } = useTranslation('filter')
  const { apply } = useApplyFilter(filter)
  const [overlayOpen, setOverlayOpen] = useState(false)
  const [sortOpen, setSortOpen] = useState(false)
  const barRef = useRef<HTMLDivElement>(null)
  const sortButtonRef = useRef<HTMLButtonElement>(null)
  const active = activeFilterCount(filter)
  const sort: ListingSort = filter.sort ?? 'newest'

  /** Applies and brings the list's top into view when the shopper had scrolled past it. */
  const applyFilter = (next: ListingFilter, options?: { replace?: boolean }) => {
    const bar = barRef.current
    if (bar && bar.getBoundingClientRect().top < 0) bar.scrollIntoView({ block: 'start' })
    apply(next, options)
  }

  return (
    <div ref={barRef} className="mb-6 scroll-mt-28 lg:mb-8" data-testid="filter-bar">
      <div className="relative flex items-center gap-2 border-y border-neutral-200 py-2">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={overlayOpen}
          // "Filter, 2 chosen": the badge's number said in words.
          aria-label={active > 0 ? t('bar.filterActive', { count: active }) : undefined}
          onClick={() => setOverlayOpen(true)}
          // The overlay's code starts loading when a pointer or the keyboard reaches the button.
          onPointerEnter={loadOverlay}
          onFocus={loadOverlay}
          className="inline-flex h-10 items-center gap-2 px-2 text-[11px] font-semibold uppercase tracking-[0.18em] hover:bg-neutral-100"
        >
          <FilterIcon />
          <span>{t('bar.filter')}</span>
          {active > 0 && (
            <span className="inline-flex size-5 items-center justify-center rounded-full bg-ink text-[10px] tracking-normal text-white">
              {active}
            </span>
          )}
        </button>
        {/* Phones open the sort menu under the bar's start (it would overflow under the button). */}
        <div className="sm:relative">
          <button
            ref={sortButtonRef}
            type="button"
            aria-expanded={sortOpen}
            aria-controls={sortOpen ? 'listing-sort-menu' : undefined}
            onClick={() => setSortOpen((open) => !open)}
            className="inline-flex h-10 items-center gap-1.5 px-2 text-[11px] font-semibold uppercase tracking-[0.18em] hover:bg-neutral-100"
          >
            <span>{t('bar.sort')}</span>
            <span className="hidden font-normal normal-case tracking-normal text-neutral-500 sm:inline">
              {t(`sort.${sort}`)}
            </span>
            <ChevronIcon
              direction="down"
              className={`size-4 transition-transform ${sortOpen ? 'rotate-180' : ''}`}
            />
          </button>
          {sortOpen && (
            <Suspense fallback={null}>
              <SortMenu
                id="listing-sort-menu"
                sort={sort}
                anchorRef={sortButtonRef}
                onChoose={(next, replace) => applyFilter(withSort(filter, next), { replace })}
                onClose={() => setSortOpen(false)}
              />
            </Suspense>
          )}
        </div>
        <p role="status" className="ml-auto text-xs text-neutral-500" data-testid="filter-total">
          {t('bar.count', { count: total })}
        </p>
      </div>
      <FilterChips
        chips={filterChips(filter)}
        onRemove={(chip) => applyFilter(withoutChip(filter, chip))}
        onClear={() => applyFilter(clearedFilter(filter))}
      />
      {overlayOpen && (
        <Suspense fallback={null}>
          <FilterOverlay
            filter={filter}
            total={total}
            loadFacets={loadFacets}
            onApply={(next) => {
              setOverlayOpen(false)
              applyFilter(next)
            }}
            onClose={() => setOverlayOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
