import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { formatIdr, type AdminVoucher, type VoucherRedemptionSchema } from '@busana/contract/schemas'
import type { z } from 'zod'
import { staffApi } from '../../lib/api.ts'
import { canSee } from '../../lib/screens.ts'
import { useStaff } from '../../lib/session.ts'
import { DataTable } from '../../components/data-table.tsx'
import { Button, Card, ErrorNote, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { OrderStatusBadge } from '../orders/order-status.tsx'
import { usePauseVoucher, useDiscountText, voucherKey } from './vouchers.api.ts'
import { VoucherForm } from './voucher-form.tsx'
import { VoucherStateBadge } from './voucher-state.tsx'

type Redemption = z.infer<typeof VoucherRedemptionSchema>
type VoucherDetail = AdminVoucher & { redemptions: Redemption[] }
const column = createColumnHelper<Redemption>()

/**
 * One voucher: its state and uses, pause or resume, its terms to edit, and who used it in which
 * order (a link to the order for the roles that may open orders; marketing reads the number).
 */
export function VoucherPage() {
  const { t } = useTranslation()
  const me = useStaff()
  const id = useParams().id ?? ''
  const query = useQuery({
    queryKey: voucherKey(id),
    queryFn: () => staffApi<VoucherDetail>('GET', `/vouchers/${encodeURIComponent(id)}`),
  })
  const pause = usePauseVoucher()
  const discount = useDiscountText()
  if (query.isPending) return <Loading />
  if (query.error) return <ErrorNote error={query.error} />
  const voucher = query.data
  const opensOrders = canSee(me.role, 'orders')
  const columns = [
    column.accessor('sales_order_number', {
      header: t('vouchers.order'),
      cell: (info) =>
        opensOrders ? (
          <Link
            to={`/orders/${encodeURIComponent(info.getValue())}`}
            className="font-medium whitespace-nowrap underline"
          >
            {info.getValue()}
          </Link>
        ) : (
          <span className="font-medium whitespace-nowrap">{info.getValue()}</span>
        ),
    }),
    column.accessor('at', {
      header: t('vouchers.at'),
      cell: (info) => (
        <span className="whitespace-nowrap">
          <ShopTime at={info.getValue()} />
        </span>
      ),
    }),
    column.accessor('customer_name', {
      header: t('vouchers.customer'),
      cell: (info) => info.getValue() ?? `#${info.row.original.id_pelanggan}`,
    }),
    column.accessor('status', {
      header: t('vouchers.orderStatus'),
      cell: (info) => <OrderStatusBadge status={info.getValue()} />,
    }),
    column.accessor('promo_value', {
      header: t('vouchers.promo'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
    column.accessor('total_bayar', {
      header: t('vouchers.total'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <Link to="/vouchers" className="text-sm underline">
        {t('vouchers.back')}
      </Link>
      <PageHeader
        title={t('vouchers.voucher', { code: voucher.code })}
        actions={
          <div className="flex items-center gap-3">
            <VoucherStateBadge state={voucher.state} />
            <Button
              look={voucher.paused ? 'primary' : 'secondary'}
              disabled={pause.isPending}
              onClick={() => pause.mutate({ id: voucher.id, paused: !voucher.paused })}
            >
              {voucher.paused ? t('vouchers.resume') : t('vouchers.pause')}
            </Button>
          </div>
        }
      />
      <ErrorNote error={pause.error} />
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <Fact label={t('vouchers.name')}>{voucher.name}</Fact>
        <Fact label={t('vouchers.discount')}>{discount(voucher)}</Fact>
        <Fact label={t('vouchers.minPurchase')}>{formatIdr(voucher.min_purchase)}</Fact>
        <Fact label={t('vouchers.valid')}>
          {voucher.starts_at ? <ShopTime at={voucher.starts_at} /> : t('vouchers.noStart')} –{' '}
          {voucher.ends_at ? <ShopTime at={voucher.ends_at} /> : t('vouchers.noEnd')}
        </Fact>
        <Fact label={t('vouchers.uses')}>
          <span data-testid="voucher-uses">
            {voucher.usage_limit === null
              ? voucher.used_count
              : t('vouchers.usesOf', { used: voucher.used_count, limit: voucher.usage_limit })}
          </span>
        </Fact>
      </dl>
      {voucher.paused && <p className="text-sm text-amber-800">{t('vouchers.pausedNote')}</p>}
      <Card title={t('vouchers.redemptions', { count: voucher.redemptions.length })}>
        {voucher.redemptions.length === 0 ? (
          <p className="text-sm text-slate-500">{t('vouchers.noRedemptions')}</p>
        ) : (
          <DataTable
            caption={t('vouchers.redemptions', { count: voucher.redemptions.length })}
            columns={columns}
            rows={voucher.redemptions}
          />
        )}
      </Card>
      <div className="max-w-3xl">
        <Card title={t('vouchers.edit')}>
          <VoucherForm voucher={voucher} onSaved={() => {}} />
        </Card>
      </div>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}
