import type { ListingFilter } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { clearedFilter, filterChips, lastChip, withoutChip } from '../listing-filter.rules.ts'
import { useApplyFilter } from '../use-apply-filter.ts'
import { useChipLabel } from './filter-chips.tsx'

/**
 * A filter that leaves nothing (issue 39): says so, and offers to take back the filter added last
 * (or, on a shared link, the last one in the address) and to clear them all.
 */
export function EmptyFilterResult({ filter }: { filter: ListingFilter }) {
  const { t } = useTranslation('filter')
  const { apply, lastFilter } = useApplyFilter(filter)
  const label = useChipLabel()
  const last = lastChip(filter, lastFilter)
  return (
    <div className="py-16 text-center" data-testid="filter-empty">
      <h2 className="text-sm font-semibold uppercase tracking-[0.2em]">{t('empty.title')}</h2>
      <p className="mt-2 text-sm text-neutral-500">{t('empty.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {last && (
          <button type="button" className="btn-primary" onClick={() => apply(withoutChip(filter, last))}>
            {t('empty.removeLast', { name: label(last) })}
          </button>
        )}
        {filterChips(filter).length > 1 && (
          <button type="button" className="btn-outline h-11" onClick={() => apply(clearedFilter(filter))}>
            {t('empty.clearAll')}
          </button>
        )}
      </div>
    </div>
  )
}
