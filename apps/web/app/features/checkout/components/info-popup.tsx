import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'

/** The Info popup (docs/product/shopping.md §2 and 8, SON001): the server's message, Close and See Order. */
export function InfoPopup({ message, onClose }: { message: string; onClose(): void }) {
  const { t } = useTranslation('checkout')
  return (
    <OverlayPanel title={t('info')} onClose={onClose} closeLabel={t('close')}>
      <p className="text-sm">{message}</p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button type="button" className="btn-outline h-11" onClick={onClose}>
          {t('close')}
        </button>
        <TrackedLink to="/member/order" className="btn-primary" onClick={onClose}>
          {t('seeOrder')}
        </TrackedLink>
      </div>
    </OverlayPanel>
  )
}
