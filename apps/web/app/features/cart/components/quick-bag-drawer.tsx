import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { QuickBag } from '~/features/cart/components/quick-bag.tsx'

/**
 * Quick bag drawer of the shell (docs/product/shopping.md §2): the bag's lines, totals, /cart and checkout.
 * Opening it hides the added-to-bag popup (one overlay at a time: the popup's links sit right after
 * the bag button, where a Tab would otherwise reach them before the drawer's own); any navigation
 * closes it, so no page opens with the drawer still over it holding the focus.
 */
export function QuickBagDrawer() {
  const { t } = useTranslation()
  const setQuickBag = useOverlayStore((s) => s.setQuickBag)
  const close = () => setQuickBag(false)
  const { pathname } = useLocation()
  const openedOn = useRef(pathname)
  useEffect(() => {
    useCartStore.getState().hideNotice()
  }, [])
  useEffect(() => {
    if (pathname !== openedOn.current) setQuickBag(false)
  }, [pathname, setQuickBag])
  return (
    <OverlayPanel title={t('bag.title')} placement="right" onClose={close} closeLabel={t('common.close')}>
      <QuickBag onClose={close} />
    </OverlayPanel>
  )
}
