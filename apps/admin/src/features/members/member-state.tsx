import { useTranslation } from 'react-i18next'
import type { AdminMember } from '@busana/contract/schemas'
import { Badge } from '../../components/ui.tsx'

/** A member's state in one badge: disabled, waiting for their code, guest, unverified or active. */
export function MemberState({ member }: { member: AdminMember }) {
  const { t } = useTranslation()
  if (member.disabled_at) return <Badge tone="red">{t('members.disabled')}</Badge>
  if (member.pending_registration) return <Badge tone="amber">{t('members.pending')}</Badge>
  if (member.is_guest) return <Badge>{t('members.guest')}</Badge>
  if (!member.is_verified) return <Badge tone="amber">{t('members.unverified')}</Badge>
  return <Badge tone="green">{t('members.active')}</Badge>
}
