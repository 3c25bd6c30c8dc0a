import { NotFoundView } from '~/components/ui/not-found-view.tsx'
import { PaymentResult } from '~/features/orders/components/payment-result.tsx'
import { isResultWord } from '~/features/orders/orders.rules.ts'
import type { Route } from './+types/member.order.result'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The payment result pages' strings besides the member area's. */
export const handle = { i18n: ['orders'] } satisfies RouteI18n

/**
 * /member/order/{id}/{status}: the payment result pages (docs/product/shopping.md §2): success and the
 * product's `succes` spelling, waiting, failed. Any other word is not a page.
 */
export default function MemberOrderResultRoute({ params }: Route.ComponentProps) {
  if (!isResultWord(params.result)) return <NotFoundView />
  return <PaymentResult key={`${params.id}/${params.result}`} id={params.id} word={params.result} />
}
