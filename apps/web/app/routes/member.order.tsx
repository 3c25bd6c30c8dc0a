import { useTranslation } from '~/lib/i18n-react.ts'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { OrderHistory } from '~/features/orders/components/order-history.tsx'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The order list's strings besides the member area's. */
export const handle = { i18n: ['orders'] } satisfies RouteI18n

/** /member/order: the member's (or phone guest's) orders, newest first (docs/product/shopping.md §2). */
export default function MemberOrderRoute() {
  const { t } = useTranslation('account')
  return (
    <section>
      <MemberPageHeader title={t('member.myOrder')} />
      <OrderHistory />
    </section>
  )
}
