import { useTranslation } from '~/lib/i18n-react.ts'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'

/** /member/order: the order list (spec 000) is the orders issue's; a placeholder until then. */
export default function MemberOrderRoute() {
  const { t } = useTranslation('account')
  return (
    <section>
      <MemberPageHeader title={t('member.myOrder')} />
      <p
        className="border border-dashed border-neutral-300 p-6 text-sm text-neutral-600"
        data-testid="orders-later"
      >
        {t('member.ordersLater')}
      </p>
    </section>
  )
}
