import { useTranslation } from 'react-i18next'
import type { AdminVoucher } from '@busana/contract/schemas'
import { Badge } from '../../components/ui.tsx'

const TONES = {
  paused: 'amber',
  scheduled: 'slate',
  running: 'green',
  expired: 'red',
  used_up: 'red',
} as const

export function VoucherStateBadge({ state }: { state: AdminVoucher['state'] }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[state]}>{t(`voucherState.${state}`)}</Badge>
}
