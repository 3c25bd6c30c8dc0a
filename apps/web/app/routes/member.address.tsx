import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { AddressesPage } from '~/features/addresses/components/addresses-page.tsx'
import { GuestNotice } from '~/features/account/components/guest-notice.tsx'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The address book's strings besides the member area's. */
export const handle = { i18n: ['addresses'] } satisfies RouteI18n

/**
 * /member/address: saved addresses (docs/product/account.md §2). The member layout guards visitors; a guest
 * signed in by phone gives the address at guest checkout and has no address book (API 403 ADR003).
 */
export default function MemberAddressRoute() {
  const { t } = useTranslation('account')
  const asGuest = useSessionStore((s) => s.asGuest)
  if (!asGuest) return <AddressesPage />
  return (
    <section>
      <MemberPageHeader title={t('member.address')} />
      <GuestNotice />
    </section>
  )
}
