import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { QuickBag } from '~/features/cart/components/quick-bag.tsx'

/** Quick bag drawer of the shell (docs/product/shopping.md §2): the bag's lines, totals, /cart and checkout. */
export function QuickBagDrawer() {
  const { t } = useTranslation()
  const setQuickBag = useOverlayStore((s) => s.setQuickBag)
  const close = () => setQuickBag(false)
  return (
    <OverlayPanel title={t('bag.title')} placement="right" onClose={close} closeLabel={t('common.close')}>
      <QuickBag onClose={close} />
    </OverlayPanel>
  )
}
