import { useReducer, useRef } from 'react'
import { useToAddress } from './checkout-reactions.ts'
import { checkoutReducer, initialCheckout, summaryAmounts } from './checkout.state.ts'
import { useCheckoutGuard } from './use-checkout-guard.ts'
import { useCheckoutLines } from './use-checkout-lines.ts'
import { useGuestCheckout } from './use-guest-checkout.ts'
import { useMemberCheckoutData } from './use-member-checkout-data.ts'
import { usePayNow } from './use-pay-now.ts'
import { usePaymentOptions } from './use-payment-options.ts'
import { useVoucher } from './use-voucher.ts'

export type CheckoutKind = 'member' | 'guest'

/**
 * Everything the checkout page does (docs/product/shopping.md §4, 5 and 8), composed from one hook per
 * concern around the page's reducer (checkout.state.ts): the ticked lines from the bag, who may be
 * here, the checkout data (member: cart_new on arrival; guest: cart_guest once the shipping form is
 * saved), the payment options for the current amounts, the voucher, and PAY NOW with one
 * Idempotency-Key per attempt. The hooks run in this order, so their effects do too.
 */
export function useCheckout(kind: CheckoutKind) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout)
  // Once an order is placed the bag changes under the page: no redirect to /cart then.
  const placed = useRef(false)
  const toAddress = useToAddress()

  const lines = useCheckoutLines()
  const ready = useCheckoutGuard(kind, lines, placed)
  const member = useMemberCheckoutData(kind, lines, dispatch, toAddress)
  const guest = useGuestCheckout(lines, dispatch)
  usePaymentOptions(lines, state, dispatch)
  const voucher = useVoucher(lines, state, dispatch)
  const payNow = usePayNow({ kind, lines, state, dispatch, guest, placed, toAddress })

  return {
    kind,
    ready: ready && lines !== null,
    lines: lines ?? [],
    state,
    amounts: summaryAmounts(lines ?? [], state),
    // The two kinds never load at once: a member's page never saves a guest form.
    loadingData: member.loading || guest.loading,
    dispatch,
    info: payNow.info,
    closeInfo: payNow.closeInfo,
    // guest
    needEmail: guest.needEmail,
    guestPhone: guest.guestPhone,
    contact: guest.contact,
    setContact: guest.setContact,
    contactError: guest.contactError,
    shipping: guest.shipping,
    setShipping: guest.setShipping,
    shippingSaved: guest.shippingSaved,
    shippingError: guest.shippingError,
    saveShipping: guest.saveShipping,
    editShipping: guest.editShipping,
    // member
    afterAddressChange: member.afterAddressChange,
    // voucher and pay
    promoBusy: voucher.promoBusy,
    applyPromo: voucher.applyPromo,
    removePromo: voucher.removePromo,
    pay: payNow.pay,
  }
}

export type Checkout = ReturnType<typeof useCheckout>
