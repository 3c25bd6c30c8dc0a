import {
  guestEmailToSend,
  phoneForApi,
  type CartLine,
  type GuestCheckoutBodyInput,
  type MemberCheckoutBodyInput,
  type PromoBodyInput,
} from '@busana/contract'
import { checkoutProducts, chosenDelivery, summaryAmounts, type CheckoutState } from './checkout.state.ts'
import type { GuestContactForm, GuestShippingForm } from './guest-shipping-form.ts'

/**
 * The bodies of POST orders/promo and checkout_new / checkout_guest, built from the page's state
 * (docs/product/shopping.md §3). Pure, so the exact requests are tested without a browser.
 */

/** POST orders/promo for `code`: the chosen courier and its fare, lines plus packing, the products. */
export function promoBody(lines: readonly CartLine[], state: CheckoutState, code: string): PromoBodyInput {
  const delivery = chosenDelivery(state)
  const amounts = summaryAmounts(lines, state)
  return {
    id_delivery_method: delivery?.id ?? null,
    delivery_price: delivery?.tarif ?? 0,
    kode_promo: code,
    total_transaction: amounts.subtotal + amounts.packing,
    products: checkoutProducts(lines),
  }
}

/** What the guest adds to the member payload: the buyer and the saved shipping form. */
export interface GuestOrderDetails {
  contact: GuestContactForm
  /** The phone the guest verified, or null. */
  phone: string | null
  shipping: GuestShippingForm
}

/**
 * checkout_new's body, or checkout_guest's when `guest` is given. Call it once PAY NOW may go on
 * (payProblem(state) is null): the courier and the payment are chosen.
 */
export function orderBody(
  lines: readonly CartLine[],
  state: CheckoutState,
  guest: GuestOrderDetails | null,
): MemberCheckoutBodyInput | GuestCheckoutBodyInput {
  const discount = state.discount
  const member = {
    id_delivery_method: state.deliveryId!,
    id_payment: state.paymentId!,
    id_promo: discount?.id_promo ?? null,
    kode_promo: discount?.kode_promo ?? null,
    use_promo: Boolean(discount),
    products: checkoutProducts(lines),
    id_warehouse: 1 as const,
  }
  if (!guest) return member
  const { contact, phone, shipping } = guest
  return {
    ...member,
    buyer_name: contact.name.trim(),
    buyer_phone: phone ?? undefined,
    // An account that needs no e-mail is not asked for a valid one: one that is not goes unsent.
    buyer_email: guestEmailToSend(contact.email),
    penerima: shipping.penerima.trim(),
    hp_penerima: phoneForApi(shipping.phone),
    alamat_lengkap: shipping.alamat_lengkap.trim(),
    destination_code: shipping.region.destination_code,
    kode_pos: shipping.region.kode_pos,
    id_address_village: shipping.region.id_address_village,
  }
}
