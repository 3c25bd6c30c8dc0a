import { useTranslation } from '~/lib/i18n-react.ts'
import { inheritedMeta } from '~/lib/root-data.ts'
import { AccountInfoPage } from '~/features/account/components/account-info-page.tsx'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { ChangePasswordForm } from '~/features/auth/components/change-password-form.tsx'
import type { Route } from './+types/member.account-info'

export function meta({ matches }: Route.MetaArgs) {
  return [...inheritedMeta(matches), { title: 'Account Info' }]
}

/** /member/account-info (spec 001 section 2): the profile page with the change-password form composed in. */
export default function MemberAccountInfoRoute() {
  const { t } = useTranslation('account')
  return (
    <section>
      <MemberPageHeader title={t('title')} />
      <AccountInfoPage renderChangePassword={(onDone) => <ChangePasswordForm onDone={onDone} />} />
    </section>
  )
}
