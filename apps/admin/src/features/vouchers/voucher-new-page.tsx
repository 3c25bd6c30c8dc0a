import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Card, PageHeader } from '../../components/ui.tsx'
import { VoucherForm } from './voucher-form.tsx'

/** A new voucher; once created, its own page opens (uses, pause, edit). */
export function VoucherNewPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Link to="/vouchers" className="text-sm underline">
        {t('vouchers.back')}
      </Link>
      <PageHeader title={t('vouchers.createTitle')} />
      <Card>
        <VoucherForm onSaved={(voucher) => void navigate(`/vouchers/${voucher.id}`)} />
      </Card>
    </div>
  )
}
