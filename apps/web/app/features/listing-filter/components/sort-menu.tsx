import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { LISTING_SORTS, type ListingSort } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'

export interface SortMenuProps {
  id: string
  sort: ListingSort
  /** The Sort button: focus returns to it, and a click on it is not an outside click. */
  anchorRef: RefObject<HTMLButtonElement | null>
  /** Applies a sort; `replace` for the second and later choices of one opening (one history entry). */
  onChoose: (sort: ListingSort, replace: boolean) => void
  onClose: () => void
}

/**
 * The sorts as a radio group under the Sort button (issue 39). A tap picks and closes. The keyboard
 * moves through the radios with the arrows, each choice applied in place (one history entry for the
 * opening), and Enter or Escape closes; an outside click or focus leaving it closes it too.
 */
export function SortMenu({ id, sort, anchorRef, onChoose, onClose }: SortMenuProps) {
  const { t } = useTranslation('filter')
  const name = useId()
  const legendId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const chosenOnce = useRef(false)
  // The radios follow the shopper's choice at once; the address (and `sort`) follows when it has loaded.
  const [chosen, setChosen] = useState(sort)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  // Focus moves to the chosen sort when the menu opens.
  useLayoutEffect(() => {
    panelRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus()
  }, [])

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (panelRef.current?.contains(target) || anchorRef.current?.contains(target)) return
      onCloseRef.current()
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [anchorRef])

  const close = (refocus: boolean) => {
    onClose()
    if (refocus) anchorRef.current?.focus()
  }

  return (
    <div
      ref={panelRef}
      id={id}
      className="absolute top-full left-0 z-30 mt-2 w-64 border border-neutral-200 bg-white p-4 shadow-[0_12px_24px_-12px_rgba(0,0,0,0.3)] animate-[fade-in_120ms_ease-out]"
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === 'Enter') {
          event.preventDefault()
          event.stopPropagation()
          close(true)
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null
        if (next && !panelRef.current?.contains(next) && !anchorRef.current?.contains(next)) close(false)
      }}
    >
      <div role="radiogroup" aria-labelledby={legendId}>
        <p
          id={legendId}
          className="mb-3 text-[11px] font-semibold uppercase tracking-[0.18em] text-neutral-500"
        >
          {t('sort.title')}
        </p>
        <ul className="space-y-1">
          {LISTING_SORTS.map((option) => (
            <li key={option}>
              <label className="flex cursor-pointer items-center gap-3 py-1.5 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={option === chosen}
                  onChange={() => {
                    setChosen(option)
                    onChoose(option, chosenOnce.current)
                    chosenOnce.current = true
                  }}
                  // A pointer's click (detail > 0) picks and closes; arrow keys only pick.
                  onClick={(event) => {
                    if (event.detail > 0) close(true)
                  }}
                  className="size-4 accent-ink"
                />
                {t(`sort.${option}`)}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
