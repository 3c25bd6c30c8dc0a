import { NotFoundView } from '~/components/ui/not-found-view.tsx'
import { PaymentResult } from '~/features/orders/components/payment-result.tsx'
import { isResultWord } from '~/features/orders/orders.rules.ts'
import type { Route } from './+types/member.order.result'
import type { RouteI18n } from '~/lib/i18n.ts'
import { inheritedMeta, type RootData } from '~/lib/root-data.ts'

/** The payment result pages' strings besides the member area's. */
export const handle = { i18n: ['orders'] } satisfies RouteI18n

const TITLE_KEYS = {
  success: 'successTitle',
  succes: 'successTitle',
  waiting: 'resultWaitingTitle',
  failed: 'failedTitle',
} as const

/**
 * The result's own title, in the shopper's language and under the storefront's brand (issue 44
 * item 3: the member area's "Account" was what analytics' page_view and the tab showed).
 */
export function meta({ matches, params }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined
  const brand = root?.site?.brand.name || 'Busana'
  const orders = root?.translations[root.lng]?.orders as Record<string, string> | undefined
  const key = isResultWord(params.result) ? TITLE_KEYS[params.result] : undefined
  const fallback = {
    successTitle: 'Thank you for your order!',
    resultWaitingTitle: 'Waiting for Payment',
    failedTitle: 'Payment Failed!',
  }
  const title = key ? `${orders?.[key] ?? fallback[key]} | ${brand}` : `Account | ${brand}`
  return [...inheritedMeta(matches), { title }, { name: 'robots', content: 'noindex' }]
}

/**
 * /member/order/{id}/{status}: the payment result pages (docs/product/shopping.md §2): success and the
 * product's `succes` spelling, waiting, failed. Any other word is not a page.
 */
export default function MemberOrderResultRoute({ params }: Route.ComponentProps) {
  if (!isResultWord(params.result)) return <NotFoundView />
  return <PaymentResult key={`${params.id}/${params.result}`} id={params.id} word={params.result} />
}
