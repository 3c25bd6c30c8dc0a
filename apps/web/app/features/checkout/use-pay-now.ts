import { useCallback, useRef, useState, type Dispatch, type RefObject } from 'react'
import { guestContactProblem, type CartLine } from '@busana/contract'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'
import { reloadCart } from '~/shared/bag/cart-store.ts'
import { placeOrder } from './checkout.api.ts'
import { orderBody } from './checkout.payloads.ts'
import { ADDRESS_CODES } from './checkout-reactions.ts'
import { newIdempotencyKey, payProblem, type CheckoutAction, type CheckoutState } from './checkout.state.ts'
import type { GuestCheckout } from './use-guest-checkout.ts'
import type { CheckoutKind } from './use-checkout.ts'

/**
 * PAY NOW (docs/product/shopping.md §5 and 8): checks what is missing (a guest's contact and saved
 * shipping, the courier), then places the order with one Idempotency-Key per attempt, ignoring
 * presses while it is under way. The key is kept after a call that got no answer, so a retry is the
 * same attempt. SON001 opens the Info popup (`info`), SON006/DVY001 go to /member/address; after an
 * order the bag is refreshed and the order page opens (`placed` then stops the page's redirects).
 */
export function usePayNow(options: {
  kind: CheckoutKind
  lines: CartLine[] | null
  state: CheckoutState
  dispatch: Dispatch<CheckoutAction>
  guest: GuestCheckout
  placed: RefObject<boolean>
  toAddress: (message: string) => void
}) {
  const { kind, lines, state, dispatch, guest, placed, toAddress } = options
  const { contact, needEmail, guestPhone, shipping, shippingSaved, setContactError } = guest
  const { t } = useTranslation('checkout')
  const api = useApi()
  const navigate = useTrackedNavigate()
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [info, setInfo] = useState<string | null>(null)
  const busyRef = useRef(false)

  const pay = useCallback(async () => {
    if (!lines?.length || busyRef.current) return
    const problem = payProblem(state)
    if (problem === 'payment') return
    if (kind === 'guest') {
      const contactProblem = guestContactProblem(contact, needEmail)
      if (contactProblem) {
        setContactError(t(`messages.${contactProblem}`))
        // docs/product/shopping.md §5: a malformed e-mail (checked only when the account needs one) is
        // announced as 'Invalid email. Please check your email correctly.' (issue 26 item 16).
        showMessage(
          t(contactProblem === 'emailInvalid' ? 'messages.emailCheck' : 'messages.contact'),
          'error',
        )
        return
      }
      setContactError(null)
      if (!shippingSaved) {
        showMessage(t('messages.shippingRequired'), 'error')
        return
      }
    }
    if (problem === 'delivery') {
      showMessage(t('messages.deliveryRequired'), 'error')
      return
    }
    const key = state.idempotencyKey ?? newIdempotencyKey()
    busyRef.current = true
    dispatch({ type: 'placeStart', key })
    const body = orderBody(lines, state, kind === 'guest' ? { contact, phone: guestPhone, shipping } : null)
    let keepKey = false
    try {
      const { order, message } = await placeOrder(api, kind, body, key)
      placed.current = true
      // docs/product/shopping.md §8: order placement confirms with the server's message.
      if (message) showMessage(message, 'success')
      dispatch({ type: 'discount', discount: null })
      await reloadCart(api)
      void navigate(`/member/order/${encodeURIComponent(order.id_sales_header)}`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      // No answer (timeout, network): the next press is the same attempt, so the server can answer
      // the first result again instead of placing a second order.
      keepKey = error.status === 0
      if (error.code === 'SON001') setInfo(error.message)
      else if (error.code && ADDRESS_CODES.has(error.code)) toAddress(error.message)
      else if (error.status !== 401) showMessage(error.message, 'error')
    } finally {
      busyRef.current = false
      dispatch({ type: 'placeEnd', keepKey })
    }
  }, [
    api,
    contact,
    dispatch,
    guestPhone,
    kind,
    lines,
    navigate,
    needEmail,
    placed,
    setContactError,
    shipping,
    shippingSaved,
    showMessage,
    state,
    t,
    toAddress,
  ])

  const closeInfo = useCallback(() => setInfo(null), [])

  return { pay, info, closeInfo }
}
