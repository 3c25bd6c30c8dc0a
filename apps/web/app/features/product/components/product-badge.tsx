import type { Badge } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'

const TONE: Record<Badge, string> = {
  'ON SALE': 'bg-accent text-white',
  'COMING SOON': 'bg-ink text-white',
  'OUT OF STOCK': 'bg-neutral-200 text-neutral-700',
  'PRE ORDER': 'bg-amber-100 text-amber-900',
}

/**
 * The status badge (docs/product/shopping.md §2): the caller computes it with the contract's productBadge.
 * Its words are the cards' (common product.badge), so a product reads the same in lists and on its page.
 */
export function ProductBadge({ badge, className = '' }: { badge: Badge | null; className?: string }) {
  const { t } = useTranslation()
  if (!badge) return null
  return (
    <span
      data-testid="product-badge"
      className={`inline-block px-2 py-1 text-[11px] uppercase leading-none font-semibold tracking-[0.12em] ${TONE[badge]} ${className}`}
    >
      {t(`product.badge.${badge}`)}
    </span>
  )
}
