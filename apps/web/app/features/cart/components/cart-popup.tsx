import { useEffect, useState } from 'react'
import { formatIdr } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { useBag } from '../use-bag.ts'

/** Cart notices auto-hide after 3 s (docs/product/shopping.md §9). */
export const CART_POPUP_MS = 3000

/**
 * The cart popup after Add to bag at 1024 px and wider (docs/product/shopping.md §2, Overlays): the server's
 * message with the product image, name, size and price, and the ways on (the bag, checkout). Placed
 * under the header's bag icon; narrower screens get the plain message popup instead. It hides after
 * 3 s, but not while it holds the focus or the pointer.
 */
export function CartPopup() {
  const { t } = useTranslation('cart')
  const notice = useCartStore((s) => s.notice)
  const hide = useCartStore((s) => s.hideNotice)
  const bag = useBag()

  // Paused while it has the keyboard's focus or the pointer (WCAG 2.2.1, issue 44): a keyboard user
  // reaches VIEW BAG in their own time; leaving it gives the full 3 s again.
  const [focused, setFocused] = useState(false)
  const [pointed, setPointed] = useState(false)
  const paused = focused || pointed
  useEffect(() => {
    if (!notice || paused) return
    const timer = setTimeout(hide, CART_POPUP_MS)
    return () => clearTimeout(timer)
  }, [notice, hide, paused])
  useEffect(() => {
    setFocused(false)
    setPointed(false)
  }, [notice?.id])

  if (!notice) return null
  return (
    // A named region, not a live one: the header's BagAnnouncer, in the page before the popup appears,
    // says what was added (issue 29).
    <section
      key={notice.id}
      aria-label={t('popupTitle')}
      data-testid="cart-popup"
      data-paused={paused || undefined}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      className="absolute top-full right-4 z-50 mt-2 w-[360px] animate-[fade-in_160ms_ease-out] border border-neutral-200 bg-white p-4 shadow-xl sm:right-6 lg:right-10"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-xs font-semibold uppercase tracking-[0.18em]">
          {notice.message || t('popupTitle')}
        </p>
        <button
          type="button"
          onClick={hide}
          aria-label={t('close')}
          className="-mt-1 -mr-1 grid size-7 place-items-center text-neutral-500 hover:text-ink"
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <div className="mt-3 flex gap-3">
        {notice.image && (
          <img
            src={notice.image}
            alt={notice.product_name}
            className="aspect-[3/4] w-20 shrink-0 bg-neutral-100 object-cover"
          />
        )}
        <div className="min-w-0 space-y-1 text-sm">
          <p className="line-clamp-2 font-medium">{notice.product_name}</p>
          {notice.ukuran && <p className="text-xs text-neutral-600">{t('size', { size: notice.ukuran })}</p>}
          {notice.price !== null && <p className="font-medium">{formatIdr(notice.price)}</p>}
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <TrackedLink to="/cart" onClick={hide} className="btn-outline h-10">
          {t('viewBag')}
        </TrackedLink>
        <button
          type="button"
          className="btn-primary h-10"
          onClick={() => {
            hide()
            bag.checkout()
          }}
        >
          {t('checkout')}
        </button>
      </div>
    </section>
  )
}
