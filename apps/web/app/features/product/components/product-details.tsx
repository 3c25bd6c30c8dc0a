import { useId, useState } from 'react'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { descriptionHeadings } from '../description.rules.ts'

export type DetailsTab = 'details' | 'size-guide' | 'shipping'

/**
 * The Details section: sub-menu tabs defaulting to 'details' (docs/product/shopping.md §2). The description
 * is HTML the API has already sanitised.
 */
export function ProductDetails({ descriptionHtml }: { descriptionHtml: string }) {
  const t = useNamespaceT('product')
  const base = useId()
  const [tab, setTab] = useState<DetailsTab>('details')
  const tabs: Array<[DetailsTab, string]> = [
    ['details', t('details.tab', 'Details')],
    ['size-guide', t('sizeGuide.tab', 'Size Guide')],
    ['shipping', t('shipping.tab', 'Shipping')],
  ]

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const index = tabs.findIndex(([id]) => id === tab)
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]![0]
    setTab(next)
    document.getElementById(`${base}-tab-${next}`)?.focus()
  }

  return (
    <section
      aria-label={t('details.section', 'Product information')}
      className="border-t border-neutral-200 pt-5"
    >
      <div
        role="tablist"
        aria-label={t('details.section', 'Product information')}
        className="flex gap-6"
        onKeyDown={onKeyDown}
      >
        {tabs.map(([id, label]) => (
          <button
            key={id}
            id={`${base}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`${base}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            className={`-mb-px border-b-2 pb-2 text-xs font-semibold tracking-[0.14em] uppercase transition-colors ${
              tab === id
                ? 'border-ink text-ink'
                : 'border-transparent text-neutral-500 hover:text-neutral-700'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${tab}`}
        className="pt-4 text-sm leading-relaxed text-neutral-700"
      >
        {tab === 'details' && (
          <div
            data-testid="product-description"
            className="space-y-3 [&_:is(h2,h3,h4)]:pt-2 [&_:is(h2,h3,h4)]:text-xs [&_:is(h2,h3,h4)]:font-semibold [&_:is(h2,h3,h4)]:tracking-[0.14em] [&_:is(h2,h3,h4)]:text-ink [&_:is(h2,h3,h4)]:uppercase [&_:is(ul,ol)]:space-y-1 [&_a]:underline [&_a]:underline-offset-2 [&_em]:text-neutral-500 [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc"
            dangerouslySetInnerHTML={{ __html: descriptionHeadings(descriptionHtml) }}
          />
        )}
        {tab === 'size-guide' && (
          <ul className="list-disc space-y-1.5 pl-5">
            <li>{t('sizeGuide.measure', 'Measurements of this piece are listed under Details.')}</li>
            <li>{t('sizeGuide.between', 'Between two sizes? Choose the larger one for a relaxed fit.')}</li>
            <li>{t('sizeGuide.crossed', 'Crossed-out sizes are sold out.')}</li>
          </ul>
        )}
        {tab === 'shipping' && (
          <ul className="list-disc space-y-1.5 pl-5">
            <li>
              {t('shipping.fee', 'Shipping fee is calculated at checkout, by destination and courier.')}
            </li>
            <li>{t('shipping.process', "We'll process your order within 24 hours of payment.")}</li>
            <li>{t('shipping.bag', 'One shopping bag serves all brands of the group.')}</li>
          </ul>
        )}
      </div>
    </section>
  )
}
