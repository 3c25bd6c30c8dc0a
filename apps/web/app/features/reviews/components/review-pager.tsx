import { pagerItems } from '@busana/contract'
import { useIsWide } from '~/lib/use-hydrated'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/** The reviews pager (docs/product/account.md §2 (Reviews)): 5 page numbers under 1024 px, 7 otherwise, with ellipses. */
export function ReviewPager({
  page,
  total,
  onPage,
}: {
  page: number
  total: number
  onPage: (page: number) => void
}) {
  const t = useNamespaceT('reviews')
  const wide = useIsWide()
  if (total <= 1) return null
  const items = pagerItems(page, total, wide ? 7 : 5)
  const cell = 'grid h-9 min-w-9 place-items-center px-2 text-sm'
  return (
    <nav aria-label={t('pager', 'Pages')} className="mt-8 flex justify-center">
      <ul className="flex items-center gap-1">
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`gap-${index}`} className={`${cell} text-neutral-400`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPage(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('page', 'Page {{n}}', { n: item })}
                className={`${cell} ${item === page ? 'bg-ink text-white' : 'hover:bg-neutral-100'}`}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
