import { ReturnPage } from '~/features/returns/components/return-page.tsx'
import type { Route } from './+types/member.returns.detail'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The return page's strings besides the member area's. */
export const handle = { i18n: ['returns'] } satisfies RouteI18n

/** /member/returns/{return_number} (issue 40): one return or exchange, for members and phone guests. */
export default function MemberReturnDetailRoute({ params }: Route.ComponentProps) {
  return <ReturnPage key={params.number} returnNumber={params.number} />
}
