import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { can, formatIdr, type StaffReturnListItem } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { Card, ShopTime } from '../../components/ui.tsx'
import { ReturnStatusBadge } from './return-status.tsx'
import { returnPath } from './returns.api.ts'

/** The returns asked for an order, on the order's page (issue 40), for the roles that work returns. */
export function OrderReturns({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation()
  const me = useStaff()
  const works = can(me.role, 'returns.manage')
  const query = useQuery({
    queryKey: ['returns', { q: orderNumber }, 1],
    queryFn: () => staffPage<StaffReturnListItem>('/returns', { q: orderNumber, per_page: 50 }),
    enabled: works,
  })
  const rows = query.data?.rows.filter((row) => row.sales_order_number === orderNumber) ?? []
  if (!works || rows.length === 0) return null
  return (
    <Card title={t('returns.ofOrder')}>
      <ul className="flex flex-col gap-2 text-sm" data-testid="order-returns">
        {rows.map((row) => (
          <li key={row.return_number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={returnPath(row.return_number)} className="font-medium underline">
              {row.return_number}
            </Link>
            <ReturnStatusBadge status={row.status} />
            <span>
              {t(`returnResolution.${row.resolution}`)} · {t('returns.qty', { count: row.units })}
              {row.refund_amount !== null && <> · {formatIdr(row.refund_amount)}</>}
            </span>
            <span className="text-slate-500">
              <ShopTime at={row.created_at} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
