import { useTranslation } from '~/lib/i18n-react.ts'
import type { Address } from '../addresses.api.ts'

export interface AddressCardProps {
  address: Address
  onEdit(address: Address): void
  onMakePrimary(address: Address): void
  busy?: boolean
}

/**
 * One saved address: recipient, label, phone, full address, district/city/province/postal code and
 * the primary badge. Without a sub-district it is outlined in red with a red Sub District label so the
 * member updates it (docs/product/account.md §2).
 */
export function AddressCard({ address, onEdit, onMakePrimary, busy = false }: AddressCardProps) {
  const { t } = useTranslation('addresses')
  const lacksVillage = !address.id_address_village
  const primary = address.priority === 'primary'
  const region = [address.village, address.district, address.city, address.province, address.kode_pos]
    .filter(Boolean)
    .join(', ')
  return (
    <li
      data-testid="address-card"
      data-needs-update={lacksVillage || undefined}
      className={`grid content-start gap-1 border p-4 text-sm ${lacksVillage ? 'border-red-600' : 'border-neutral-200'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{address.penerima}</span>
          <span className="text-neutral-500">({address.nama_alamat})</span>
          {primary && (
            <span className="bg-ink px-2 py-0.5 text-[10px] font-semibold uppercase tracking-[0.15em] text-white">
              {t('primary')}
            </span>
          )}
        </p>
        <button
          type="button"
          className="shrink-0 text-xs font-semibold uppercase tracking-[0.15em] underline"
          aria-label={t('editAria', { name: address.nama_alamat })}
          onClick={() => onEdit(address)}
        >
          {t('edit')}
        </button>
      </div>
      <p>{address.hp_penerima}</p>
      <p className="text-neutral-700">{address.alamat_lengkap}</p>
      <p className="text-neutral-700">{region}</p>
      {lacksVillage && <p className="text-xs font-semibold text-red-600">{t('subDistrictMissing')}</p>}
      {!primary && (
        <button
          type="button"
          className="mt-2 justify-self-start text-xs font-semibold uppercase tracking-[0.15em] text-neutral-600 underline disabled:opacity-50"
          disabled={busy}
          onClick={() => onMakePrimary(address)}
        >
          {t('makePrimary')}
        </button>
      )}
    </li>
  )
}
