import { useTranslation } from '~/lib/i18n-react.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'

/**
 * Says what Add to bag did at laptop width, where the cart popup shows it (issue 29): a polite live
 * region that is in the page from the first render, so the words put into it are read out ('Product
 * added to your bag: Linen Shirt, size M'); the popup itself only appears. Narrower screens get the
 * message popup, a live region of its own. Each notice is a new node, so adding the same piece twice
 * is said twice.
 */
export function BagAnnouncer() {
  const { t } = useTranslation()
  const notice = useCartStore((s) => s.notice)
  const message = notice?.message || t('bag.addedTitle')
  return (
    <div role="status" className="sr-only" data-testid="bag-announcer">
      {notice && (
        <p key={notice.id}>
          {notice.ukuran
            ? t('bag.added', { message, name: notice.product_name, size: notice.ukuran })
            : t('bag.addedNoSize', { message, name: notice.product_name })}
        </p>
      )}
    </div>
  )
}
