import { ReturnRequest } from '~/features/returns/components/return-request.tsx'
import type { Route } from './+types/member.order.return'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The request form's strings besides the member area's. */
export const handle = { i18n: ['returns'] } satisfies RouteI18n

/**
 * /member/order/{id}/return (issue 40): the return or exchange request of a delivered order; the
 * static `return` outranks the payment result's `:result` at this depth.
 */
export default function MemberOrderReturnRoute({ params }: Route.ComponentProps) {
  return <ReturnRequest key={params.id} id={params.id} />
}
