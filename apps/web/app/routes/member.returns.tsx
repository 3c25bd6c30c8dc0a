import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { ReturnList } from '~/features/returns/components/return-list.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The returns pages' strings besides the member area's. */
export const handle = { i18n: ['returns'] } satisfies RouteI18n

/** /member/returns (issue 40): the shopper's returns and exchanges. The member layout guards visitors. */
export default function MemberReturnsRoute() {
  const t = useNamespaceT('returns')
  return (
    <section>
      <MemberPageHeader title={t('list.title', 'Returns')} />
      <ReturnList />
    </section>
  )
}
