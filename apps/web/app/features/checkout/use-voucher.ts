import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react'
import type { CartLine } from '@busana/contract'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { requestPromo } from './checkout.api.ts'
import { promoBody } from './checkout.payloads.ts'
import { chosenDelivery, type CheckoutAction, type CheckoutState } from './checkout.state.ts'

/**
 * The voucher box (docs/product/shopping.md §5): ADD/CHANGE asks POST orders/promo, Remove drops the
 * Discount, and a SHIPPING voucher is asked again when the fare it depends on changes.
 */
export function useVoucher(
  lines: CartLine[] | null,
  state: CheckoutState,
  dispatch: Dispatch<CheckoutAction>,
) {
  const { t } = useTranslation('checkout')
  const api = useApi()
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [promoBusy, setPromoBusy] = useState(false)

  const bodyFor = useCallback((code: string) => promoBody(lines ?? [], state, code), [lines, state])

  /** ADD/CHANGE: asks the promo call; success shows its message and clears the input. */
  const applyPromo = useCallback(async () => {
    const code = state.promoCode.trim()
    if (!code || !lines?.length || promoBusy) return
    setPromoBusy(true)
    try {
      const { discount, message } = await requestPromo(api, bodyFor(code))
      dispatch({ type: 'discount', discount })
      showMessage(message || t('voucherApplied'), 'success')
    } catch {
      // The request layer shows the server's message (PRM001–PRM006).
    } finally {
      setPromoBusy(false)
    }
  }, [api, bodyFor, dispatch, lines, promoBusy, showMessage, state.promoCode, t])

  const removePromo = useCallback(() => dispatch({ type: 'discount', discount: null }), [dispatch])

  // A SHIPPING voucher depends on the fare: ask again when the courier or its fare changes (another
  // address rechecks the bag; decision 018).
  const chosen = chosenDelivery(state)
  const fareKey = chosen ? `${chosen.id}:${chosen.tarif}` : ''
  const lastFare = useRef(fareKey)
  useEffect(() => {
    if (lastFare.current === fareKey) return
    lastFare.current = fareKey
    const discount = state.discount
    if (!discount || discount.type !== 'SHIPPING') return
    requestPromo(api, bodyFor(discount.kode_promo), { silent: true }).then(
      (answer) => dispatch({ type: 'discount', discount: answer.discount }),
      (error: unknown) => {
        dispatch({ type: 'discount', discount: null })
        if (error instanceof ApiError) showMessage(error.message, 'error')
      },
    )
  }, [api, bodyFor, dispatch, fareKey, showMessage, state.discount])

  return { promoBusy, applyPromo, removePromo }
}
