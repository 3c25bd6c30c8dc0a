import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { AddressFormView, type AddressFormProps } from './address-form.tsx'

/**
 * The form where the screen wants it (docs/product/account.md §2): inline on phones, in a modal titled
 * 'Add new address' or 'Edit address' on tablet and laptop. Lazy-loaded by the page.
 */
export default function AddressEditor({ modal, ...props }: AddressFormProps & { modal: boolean }) {
  const { t } = useTranslation('addresses')
  const title = props.initial.id_alamat !== undefined ? t('editTitle') : t('addTitle')
  if (!modal) {
    return (
      <section className="grid gap-4">
        <h2 className="text-xs font-semibold uppercase tracking-[0.2em]">{title}</h2>
        <AddressFormView {...props} />
      </section>
    )
  }
  return (
    <OverlayPanel title={title} onClose={props.onCancel} closeLabel={t('cancel')} className="max-w-xl!">
      <AddressFormView {...props} />
    </OverlayPanel>
  )
}
