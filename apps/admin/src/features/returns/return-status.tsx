import { useTranslation } from 'react-i18next'
import type { ReturnStatus } from '@busana/contract/schemas'
import { Badge } from '../../components/ui.tsx'

const TONES: Record<ReturnStatus, 'slate' | 'green' | 'amber' | 'red'> = {
  REQUESTED: 'amber',
  APPROVED: 'amber',
  RECEIVED: 'amber',
  REJECTED: 'red',
  REFUNDED: 'green',
  EXCHANGE_SHIPPED: 'green',
  CLOSED: 'slate',
  CANCELLED: 'slate',
}

/** A return's state as staff read it: amber while the shop has something to do. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status]}>{t(`returnStatus.${status}`)}</Badge>
}
