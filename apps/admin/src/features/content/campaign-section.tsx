import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { AdminCampaign } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Badge, Card, ErrorNote, Loading, ShopTime, SuccessNote } from '../../components/ui.tsx'

type Voucher = AdminCampaign['vouchers'][number]
const column = createColumnHelper<Voucher>()
const CAMPAIGN_KEY = ['content', 'campaign'] as const

/**
 * The campaign popup: it shows the three campaign vouchers (edited with the voucher screens) to
 * members who have not closed it yet; "show again" clears every member's seen flag for a new campaign.
 */
export function CampaignSection() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: CAMPAIGN_KEY,
    queryFn: () => staffApi<AdminCampaign>('GET', '/content/campaign'),
  })
  const showAgain = useMutation({
    mutationFn: () => staffApi<{ members_reset: number }>('POST', '/content/campaign/show-again'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGN_KEY }),
  })
  if (query.isPending) return <Loading />
  if (!query.data) return <ErrorNote error={query.error} />
  const columns = [
    column.accessor('code', {
      header: t('content.voucherCode'),
      cell: (info) => <code>{info.getValue()}</code>,
    }),
    column.accessor('name', {
      header: t('content.voucherName'),
      cell: (info) =>
        info.row.original.exists ? info.getValue() : <Badge tone="red">{t('content.voucherMissing')}</Badge>,
    }),
    column.accessor('active', {
      header: t('content.voucherActive'),
      cell: (info) => (info.getValue() ? t('common.yes') : t('common.no')),
    }),
    column.display({
      id: 'period',
      header: t('content.voucherPeriod'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          <ShopTime at={row.original.starts_at} /> – <ShopTime at={row.original.ends_at} />
        </span>
      ),
    }),
    column.display({
      id: 'used',
      header: t('content.voucherUsed'),
      cell: ({ row }) =>
        row.original.usage_limit === null
          ? String(row.original.used_count)
          : `${row.original.used_count} / ${row.original.usage_limit}`,
    }),
    column.accessor('shown_now', {
      header: t('content.voucherShown'),
      cell: (info) =>
        info.getValue() ? (
          <Badge tone="green">{t('content.shownNow')}</Badge>
        ) : (
          <Badge>{t('content.notShown')}</Badge>
        ),
    }),
  ]
  const shown = query.data.vouchers.some((voucher) => voucher.shown_now)
  return (
    <Card title={t('content.section.campaign')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('content.campaignIntro')}</p>
        <p role="status" className="text-sm font-medium">
          {shown ? t('content.campaignOn') : t('content.campaignOff')}{' '}
          {t('content.membersSeen', { count: query.data.members_seen })}
        </p>
        <DataTable caption={t('content.campaignVouchers')} columns={columns} rows={query.data.vouchers} />
        <div className="flex flex-col items-start gap-2">
          <ConfirmButton
            look="primary"
            label={t('content.showAgain')}
            title={t('content.showAgain')}
            confirm={t('content.showAgainConfirm')}
            onConfirm={() => showAgain.mutateAsync()}
          >
            {t('content.showAgainText', { count: query.data.members_seen })}
          </ConfirmButton>
          {showAgain.data && (
            <SuccessNote>{t('content.shownAgain', { count: showAgain.data.members_reset })}</SuccessNote>
          )}
        </div>
      </div>
    </Card>
  )
}
