import { useEffect, useMemo, type Dispatch } from 'react'
import type { CartLine } from '@busana/contract'
import { useApi } from '~/lib/browser-api.ts'
import { fetchPaymentOptions } from './checkout.api.ts'
import { paymentQuery, type CheckoutAction, type CheckoutState } from './checkout.state.ts'

/**
 * Payment options follow the amounts (the fee is the method's for this order): GET orders/payment
 * again whenever the fare or the amount changes, once there is checkout data; an older request is
 * aborted, a failed one leaves the list as it was.
 */
export function usePaymentOptions(
  lines: CartLine[] | null,
  state: CheckoutState,
  dispatch: Dispatch<CheckoutAction>,
) {
  const api = useApi()
  const query = useMemo(() => (lines ? paymentQuery(lines, state) : null), [lines, state])
  const queryKey = query && state.data ? `${query.delivery_price}:${query.total_transaction}` : null
  useEffect(() => {
    if (!queryKey || !query) return
    const controller = new AbortController()
    fetchPaymentOptions(api, query, controller.signal).then(
      (options) => dispatch({ type: 'payments', options }),
      () => undefined,
    )
    return () => controller.abort()
    // The key holds the query's values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, queryKey])
}
