import { useTranslation } from '~/lib/i18n-react.ts'
import { inheritedMeta } from '~/lib/root-data.ts'
import { AccountInfoPage } from '~/features/account/components/account-info-page.tsx'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { GuestNotice } from '~/features/account/components/guest-notice.tsx'
import { useSessionStore } from '~/lib/session-store.ts'
import { ChangePasswordForm } from '~/features/auth/components/change-password-form.tsx'
import type { Route } from './+types/member.account-info'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The change-password form's strings besides the member area's. */
export const handle = { i18n: ['auth'] } satisfies RouteI18n

export function meta({ matches }: Route.MetaArgs) {
  return [...inheritedMeta(matches), { title: 'Account Info' }]
}

/**
 * /member/account-info (docs/product/account.md §2): the profile page with the change-password form composed
 * in. A guest signed in by phone has no profile to edit nor password to change: a notice instead.
 */
export default function MemberAccountInfoRoute() {
  const { t } = useTranslation('account')
  const asGuest = useSessionStore((s) => s.asGuest)
  return (
    <section>
      <MemberPageHeader title={t('title')} />
      {asGuest ? (
        <GuestNotice />
      ) : (
        <AccountInfoPage renderChangePassword={(onDone) => <ChangePasswordForm onDone={onDone} />} />
      )}
    </section>
  )
}
