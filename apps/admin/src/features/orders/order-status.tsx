import { useTranslation } from 'react-i18next'
import type { OrderStatus } from '@busana/contract/schemas'
import { Badge } from '../../components/ui.tsx'

const TONES = { Open: 'amber', Paid: 'green', Delivery: 'slate', Success: 'green', Cancel: 'red' } as const

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status]}>{t(`orderStatus.${status}`)}</Badge>
}
