import { useCallback } from 'react'
import { formatIdr } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { ColourSwatch } from '~/components/ui/colour-swatch.tsx'
import { colourSwatch, useColourName } from '../use-colour-name.ts'
import { chipKey, type FilterChip } from '../listing-filter.rules.ts'

/** A chip's words: the size, the colour's name, the price range, "On sale". */
export function useChipLabel(): (chip: FilterChip) => string {
  const { t } = useTranslation('filter')
  const colourName = useColourName()
  return useCallback(
    (chip: FilterChip) => {
      if (chip.kind === 'size') return chip.value
      if (chip.kind === 'colour') return colourName(chip.value)
      if (chip.kind === 'on_sale') return t('chips.onSale')
      if (chip.min !== undefined && chip.max !== undefined)
        return t('chips.priceRange', { min: formatIdr(chip.min), max: formatIdr(chip.max) })
      if (chip.min !== undefined) return t('chips.priceFrom', { min: formatIdr(chip.min) })
      return t('chips.priceUpTo', { max: formatIdr(chip.max ?? 0) })
    },
    [t, colourName],
  )
}

/** The chosen filters above the cards, each removable, and Clear all (issue 39). */
export function FilterChips({
  chips,
  onRemove,
  onClear,
}: {
  chips: FilterChip[]
  onRemove: (chip: FilterChip) => void
  onClear: () => void
}) {
  const { t } = useTranslation('filter')
  const label = useChipLabel()
  if (chips.length === 0) return null
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <ul aria-label={t('chips.label')} className="contents">
        {chips.map((chip) => {
          const name = label(chip)
          return (
            <li key={chipKey(chip)}>
              <button
                type="button"
                onClick={() => onRemove(chip)}
                aria-label={t('chips.remove', { name })}
                className="inline-flex h-8 items-center gap-1.5 rounded-full border border-neutral-300 bg-neutral-50 pr-2 pl-3 text-xs text-ink transition-colors hover:border-ink"
              >
                {chip.kind === 'colour' && (
                  <ColourSwatch swatch={colourSwatch(chip.value)} className="size-3.5" />
                )}
                <span>{name}</span>
                <CloseIcon aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        onClick={onClear}
        className="h-8 px-1 text-xs underline underline-offset-4 hover:text-neutral-600"
      >
        {t('chips.clearAll')}
      </button>
    </div>
  )
}
