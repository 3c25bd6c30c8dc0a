import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { ReviewPage } from '~/features/reviews/components/review-page.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The reviews page's strings besides the member area's. */
export const handle = { i18n: ['reviews'] } satisfies RouteI18n

/**
 * /member/review (docs/product/account.md §2, Reviews): 'Waiting to Review' and 'Reviewed' tabs of the
 * member's delivered lines, 5 per page, the review and thank-you modals. The member layout guards visitors.
 */
export default function MemberReviewRoute() {
  const t = useNamespaceT('reviews')
  return (
    <section>
      <MemberPageHeader title={t('title', 'Reviews')} />
      <ReviewPage />
    </section>
  )
}
