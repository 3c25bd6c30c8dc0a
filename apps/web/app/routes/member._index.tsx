import { useEffect } from 'react'
import { useNavigate, useOutletContext } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useIsWide } from '~/lib/use-hydrated.ts'
import { useTrackedHref } from '~/lib/tracked-link.tsx'
import { MemberMenu } from '~/features/account/components/member-menu.tsx'

/**
 * /member (docs/product/account.md §2): on phones the menu (My Order, Wishlist, Account Info, Address,
 * Logout) under the header 'Account'; at 1024 px and wider it redirects to /member/order.
 */
export default function MemberIndexRoute() {
  const { t } = useTranslation('account')
  const wide = useIsWide()
  const navigate = useNavigate()
  const orders = useTrackedHref('/member/order')
  // The layout's red dots (Reviews while ratings wait).
  const { dots } = useOutletContext<{ dots?: { review: string } }>() ?? {}
  useEffect(() => {
    if (wide) void navigate(orders, { replace: true })
  }, [wide, navigate, orders])
  return (
    <section className="lg:hidden" aria-labelledby="member-heading">
      <h1 id="member-heading" className="text-lg font-semibold uppercase tracking-[0.18em]">
        {t('member.heading')}
      </h1>
      <p className="mb-6 mt-1 text-sm text-neutral-600">{t('member.line')}</p>
      <MemberMenu variant="list" dots={dots} />
    </section>
  )
}
