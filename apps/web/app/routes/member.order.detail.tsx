import { OrderDetailView } from '~/features/orders/components/order-detail.tsx'
import { OrderReturns } from '~/features/returns/components/order-returns.tsx'
import type { Route } from './+types/member.order.detail'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The order page's strings besides the member area's (its returns block's too, issue 40). */
export const handle = { i18n: ['orders', 'returns'] } satisfies RouteI18n

/**
 * /member/order/{id}: one order (docs/product/shopping.md §2), where a placed order lands; a
 * delivered order's returns block (issue 40) sits in its full detail.
 */
export default function MemberOrderDetailRoute({ params }: Route.ComponentProps) {
  return <OrderDetailView id={params.id} returns={<OrderReturns idSalesHeader={params.id} />} />
}
