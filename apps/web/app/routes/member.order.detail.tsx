import { OrderDetailView } from '~/features/orders/components/order-detail.tsx'
import type { Route } from './+types/member.order.detail'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The order page's strings besides the member area's. */
export const handle = { i18n: ['orders'] } satisfies RouteI18n

/** /member/order/{id}: one order (docs/product/shopping.md §2), where a placed order lands. */
export default function MemberOrderDetailRoute({ params }: Route.ComponentProps) {
  return <OrderDetailView id={params.id} />
}
