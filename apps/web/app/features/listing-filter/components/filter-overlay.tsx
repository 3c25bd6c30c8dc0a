import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { formatIdr, type ListingFacets, type ListingFilter } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useScrollLock } from '~/lib/use-scroll-lock.ts'
import { useModalFocus } from '~/components/ui/modal-focus.ts'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ColourSwatch } from '~/components/ui/colour-swatch.tsx'
import { colourSwatch, useColourName } from '../use-colour-name.ts'
import { clearedFilter, filterIdentity } from '../listing-filter.rules.ts'
import {
  choiceEnabled,
  colourChoices,
  isPresetChosen,
  parseRupiah,
  PRICE_PRESETS,
  sizeChoices,
  toggleColour,
  toggleSize,
  withOnSale,
  withPrice,
} from '../overlay.rules.ts'
import type { LoadFacets } from './listing-filter-bar.tsx'

export interface FilterOverlayProps {
  /** The applied filter: the overlay edits a copy until "Show N products". */
  filter: ListingFilter
  /** The applied filter's number of products (the Show button's until the counts arrive). */
  total: number
  loadFacets: LoadFacets
  onApply: (filter: ListingFilter) => void
  onClose: () => void
}

/** How long a choice rests before its counts are asked for (a run of taps asks once). */
export const FACETS_DEBOUNCE_MS = 250

/** The counts leave out the sort (it changes no count), so one answer serves every sort. */
const unsorted = (filter: ListingFilter): ListingFilter => {
  const { sort: _sort, ...rest } = filter
  return rest
}

/**
 * The facets of the pending choice, asked for as the overlay opens (the page carries only the
 * total, issue 12's HTML budget) and again after each change has rested.
 */
function usePendingFacets(pending: ListingFilter, load: LoadFacets) {
  const [state, setState] = useState<{ facets: ListingFacets | null; loading: boolean; failed: boolean }>({
    facets: null,
    loading: true,
    failed: false,
  })
  const key = filterIdentity(unsorted(pending))
  const latest = useRef({ pending, load })
  latest.current = { pending, load }
  const opened = useRef(false)
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true }))
    // The first count at once; later ones once a run of taps has rested.
    const delay = opened.current ? FACETS_DEBOUNCE_MS : 0
    opened.current = true
    const timer = setTimeout(() => {
      latest.current.load(unsorted(latest.current.pending), controller.signal).then(
        (facets) => {
          if (!controller.signal.aborted) setState({ facets, loading: false, failed: false })
        },
        () => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, failed: true }))
        },
      )
    }, delay)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key])
  return state
}

/**
 * Each price preset's count: the pending choice with the preset's range instead of its own (the
 * facets give the price's bounds, not counts per range, so each preset is asked with limit 1).
 */
function usePresetCounts(pending: ListingFilter, load: LoadFacets) {
  const base = useMemo(() => withPrice(unsorted(pending), undefined, undefined), [pending])
  const key = filterIdentity(base)
  const [counts, setCounts] = useState<Record<string, number>>({})
  const latest = useRef({ base, load })
  latest.current = { base, load }
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const { base: current, load: loadFacets } = latest.current
      void Promise.all(
        PRICE_PRESETS.map((preset) =>
          loadFacets(withPrice(current, preset.min, preset.max), controller.signal).then(
            (facets) => [preset.id, facets.total] as const,
          ),
        ),
      ).then(
        (entries) => {
          if (!controller.signal.aborted) setCounts(Object.fromEntries(entries))
        },
        () => undefined,
      )
    }, FACETS_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key])
  return counts
}

/** Whole rupiah as the fields show them: '100.000'. */
const rupiahDigits = (amount: number | undefined) => (amount === undefined ? '' : formatIdr(amount).slice(3))

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-[11px] font-semibold uppercase tracking-[0.18em]">
        {title}
      </h3>
      {children}
    </section>
  )
}

const Count = ({ n }: { n: number }) => <span className="text-[11px] text-neutral-500">({n})</span>

const chipClass = (chosen: boolean) =>
  `inline-flex min-h-10 items-center gap-1.5 border px-3 text-sm transition-colors disabled:cursor-not-allowed disabled:border-neutral-200 disabled:bg-neutral-50 disabled:text-neutral-400 ${
    chosen
      ? 'border-ink bg-ink text-white [&>span]:text-neutral-200'
      : 'border-neutral-300 bg-white text-ink hover:border-ink'
  }`

/**
 * A toggle chip of the overlay (a size, a colour, a price preset): pressed when chosen, disabled with
 * its 0 when it would show nothing (a count not yet known leaves it enabled).
 */
function ChoiceChip({
  chosen,
  count,
  onToggle,
  className,
  children,
}: {
  chosen: boolean
  count: number | undefined
  onToggle: () => void
  className: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={count !== undefined && !choiceEnabled(count, chosen)}
      onClick={onToggle}
      className={`${chipClass(chosen)} ${className}`}
    >
      {children} {count !== undefined && <Count n={count} />}
    </button>
  )
}

/**
 * The filter overlay (issue 39; docs/product/shopping.md §2, Overlays): full screen below 1024 px, a drawer at the
 * right from 1024 px. Sizes, colours, a price range with presets and On sale, each choice with its
 * count for the choice as it stands; a choice that would show nothing is disabled with its 0.
 * "Show N products" applies and closes; "Clear all" resets the choice; Escape and the close button
 * close without applying. Page scroll is locked and focus stays inside while it is open.
 */
export function FilterOverlay({
  filter,
  total: appliedTotal,
  loadFacets,
  onApply,
  onClose,
}: FilterOverlayProps) {
  // The overlay's words load with it (a namespace of their own, not in every listing's page).
  const { t } = useTranslation('filter-overlay')
  const colourName = useColourName()
  const titleId = useId()
  const hintId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  useModalFocus(panelRef, onClose)
  useScrollLock(true)

  const [pending, setPending] = useState<ListingFilter>(filter)
  const [minText, setMinText] = useState(rupiahDigits(filter.min_price))
  const [maxText, setMaxText] = useState(rupiahDigits(filter.max_price))
  const min = parseRupiah(minText)
  const max = parseRupiah(maxText)
  const priceOrderWrong = min !== undefined && max !== undefined && min > max

  const { facets, loading, failed } = usePendingFacets(pending, loadFacets)
  const presetCounts = usePresetCounts(pending, loadFacets)

  const setPrice = (minValue: string, maxValue: string) => {
    setMinText(minValue)
    setMaxText(maxValue)
    const low = parseRupiah(minValue)
    const high = parseRupiah(maxValue)
    // A reversed range is not asked for (the API refuses it): the fields say what is wrong instead.
    if (low !== undefined && high !== undefined && low > high) return
    setPending((current) => withPrice(current, low, high))
  }

  const total = facets?.total ?? appliedTotal
  const canApply = facets !== null && !priceOrderWrong && !loading && total > 0

  return (
    <div className="fixed inset-0 z-50 flex">
      <div
        className="absolute inset-0 hidden bg-neutral-950/40 animate-[fade-in_160ms_ease-out] lg:block"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="filter-overlay"
        className="absolute inset-0 flex flex-col bg-white animate-[fade-in_160ms_ease-out] lg:left-auto lg:w-[420px] lg:shadow-2xl lg:animate-[slide-in-right_200ms_ease-out]"
      >
        <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-3">
          <h2 id={titleId} className="text-xs font-semibold uppercase tracking-[0.2em]">
            {t('title')}
          </h2>
          <button type="button" onClick={onClose} aria-label={t('close')} className="icon-button -mr-2">
            <CloseIcon />
          </button>
        </div>

        <div className="flex-1 space-y-8 overflow-y-auto overscroll-contain px-5 py-6" aria-busy={loading}>
          {!facets ? (
            // Until the first counts are in: the sections' places, dimmed.
            <div aria-hidden="true" className="space-y-8">
              {[0, 1, 2].map((row) => (
                <div key={row} className="h-24 animate-pulse bg-neutral-100" />
              ))}
            </div>
          ) : (
            <>
              {facets.size.length > 0 || pending.size?.length ? (
                <Section title={t('size')}>
                  <div role="group" aria-label={t('size')} className="flex flex-wrap gap-2">
                    {sizeChoices(facets, pending).map(({ value, count }) => {
                      const chosen = pending.size?.includes(value) ?? false
                      return (
                        <ChoiceChip
                          key={value}
                          chosen={chosen}
                          count={count}
                          onToggle={() => setPending((current) => toggleSize(current, value))}
                          className="min-w-14 justify-center"
                        >
                          {value}
                        </ChoiceChip>
                      )
                    })}
                  </div>
                </Section>
              ) : null}

              {facets.colour.length > 0 || pending.colour?.length ? (
                <Section title={t('colour')}>
                  <div role="group" aria-label={t('colour')} className="grid grid-cols-2 gap-2">
                    {colourChoices(facets, pending).map(({ value, count }) => {
                      const chosen = pending.colour?.includes(value) ?? false
                      return (
                        <ChoiceChip
                          key={value}
                          chosen={chosen}
                          count={count}
                          onToggle={() => setPending((current) => toggleColour(current, value))}
                          className="justify-start"
                        >
                          <ColourSwatch swatch={colourSwatch(value)} className="size-4" />
                          {colourName(value)}
                        </ChoiceChip>
                      )
                    })}
                  </div>
                </Section>
              ) : null}

              <Section title={t('price')}>
                <div className="grid grid-cols-2 gap-3">
                  {(
                    [
                      ['min', t('minPrice'), minText, (v: string) => setPrice(v, maxText)],
                      ['max', t('maxPrice'), maxText, (v: string) => setPrice(minText, v)],
                    ] as const
                  ).map(([end, label, value, change]) => (
                    <label key={end} className="block">
                      <span className="mb-1 block text-xs text-neutral-600">{label}</span>
                      <span className="relative block">
                        <span
                          aria-hidden="true"
                          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-neutral-500"
                        >
                          Rp
                        </span>
                        <Input
                          inputMode="numeric"
                          autoComplete="off"
                          value={value}
                          aria-invalid={priceOrderWrong || undefined}
                          aria-describedby={hintId}
                          onChange={(event) => change(event.target.value.replace(/[^\d.]/g, ''))}
                          onBlur={() => change(rupiahDigits(parseRupiah(value)))}
                          className="pl-10"
                        />
                      </span>
                    </label>
                  ))}
                </div>
                <p id={hintId} className="mt-2 text-xs text-neutral-500">
                  {priceOrderWrong ? (
                    <span role="alert" className="text-red-700">
                      {t('priceOrder')}
                    </span>
                  ) : facets.price ? (
                    t('priceHint', { min: formatIdr(facets.price.min), max: formatIdr(facets.price.max) })
                  ) : null}
                </p>
                <div role="group" aria-label={t('presets')} className="mt-3 flex flex-wrap gap-2">
                  {PRICE_PRESETS.map((preset) => {
                    const chosen = isPresetChosen(pending, preset)
                    const count = presetCounts[preset.id]
                    return (
                      <ChoiceChip
                        key={preset.id}
                        chosen={chosen}
                        count={count}
                        onToggle={() =>
                          chosen
                            ? setPrice('', '')
                            : setPrice(rupiahDigits(preset.min), rupiahDigits(preset.max))
                        }
                        className="text-xs"
                      >
                        {t(`preset.${preset.id}`)}
                      </ChoiceChip>
                    )
                  })}
                </div>
              </Section>

              <Section title={t('onSale')}>
                <label
                  className={`flex items-center gap-3 text-sm ${choiceEnabled(facets.on_sale, pending.on_sale === 'YES') ? 'cursor-pointer' : 'cursor-not-allowed text-neutral-400'}`}
                >
                  <input
                    type="checkbox"
                    checked={pending.on_sale === 'YES'}
                    disabled={!choiceEnabled(facets.on_sale, pending.on_sale === 'YES')}
                    onChange={(event) => setPending((current) => withOnSale(current, event.target.checked))}
                    className="size-5 accent-ink"
                  />
                  {t('onSale')} <Count n={facets.on_sale} />
                </label>
              </Section>
            </>
          )}

          {failed && (
            <p role="alert" className="text-sm text-red-700">
              {t('failed')}
            </p>
          )}
        </div>

        <p role="status" className="sr-only">
          {loading ? '' : t('matches', { count: total })}
        </p>
        <div className="flex gap-3 border-t border-neutral-200 px-5 py-4">
          <button
            type="button"
            className="btn-outline h-11 shrink-0 px-4 whitespace-nowrap"
            onClick={() => {
              setPending((current) => clearedFilter(current))
              setMinText('')
              setMaxText('')
            }}
          >
            {t('clearAll')}
          </button>
          <button
            type="button"
            className="btn-primary flex-1 px-3 whitespace-nowrap"
            disabled={!canApply}
            aria-busy={loading}
            onClick={() => onApply(pending)}
            data-testid="filter-apply"
          >
            {total > 0 ? t('show', { count: total }) : t('showNone')}
          </button>
        </div>
      </div>
    </div>
  )
}
