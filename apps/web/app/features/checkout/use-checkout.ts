import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { guestContactProblem, guestShippingProblem, phoneForApi, type CartLine } from '@busana/contract'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { commerceOf, trackLater } from '~/lib/track-later.ts'
import { useCartStore, reloadCart } from '~/shared/bag/cart-store.ts'
import { checkedLines } from '~/shared/bag/bag.rules.ts'
import {
  fetchGuestCheckoutData,
  fetchMemberCheckoutData,
  fetchPaymentOptions,
  placeOrder,
  requestPromo,
} from './checkout.api.ts'
import {
  checkoutLines,
  checkoutProducts,
  checkoutReducer,
  chosenDelivery,
  initialCheckout,
  newIdempotencyKey,
  paymentQuery,
  payProblem,
  summaryAmounts,
} from './checkout.state.ts'

export type CheckoutKind = 'member' | 'guest'

/** The guest form's region part: the same fields as the address feature's RegionValue. */
export interface GuestRegion {
  province_id: string
  province: string
  city_id: string
  city: string
  destination_code: string
  district: string
  id_address_village: string
  village: string
  kode_pos: string
}

export interface GuestShippingForm {
  region: GuestRegion
  penerima: string
  /** Digits after the fixed +62 label. */
  phone: string
  alamat_lengkap: string
}

export const emptyGuestShipping: GuestShippingForm = {
  region: {
    province_id: '',
    province: '',
    city_id: '',
    city: '',
    destination_code: '',
    district: '',
    id_address_village: '',
    village: '',
    kode_pos: '',
  },
  penerima: '',
  phone: '',
  alamat_lengkap: '',
}

/** Codes that send the shopper to complete the address (spec 000 section 8). */
const ADDRESS_CODES = new Set(['SON006', 'DVY001'])

/**
 * Everything the checkout page does (spec 000 sections 4, 5 and 8): the ticked lines from the bag,
 * the checkout data (member: cart_new on arrival; guest: cart_guest once the shipping form is
 * saved), the payment options for the current amounts, the voucher, and PAY NOW with one
 * Idempotency-Key per attempt. Reacts to SON001 (Info popup), SON006/DVY001 (/member/address).
 */
export function useCheckout(kind: CheckoutKind) {
  const { t } = useTranslation('checkout')
  const api = useApi()
  const navigate = useTrackedNavigate()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const asGuest = useSessionStore((s) => s.asGuest)
  const needEmail = useSessionStore((s) => s.user?.need_email === true)
  const guestPhone = useSessionStore((s) => s.phoneAsGuest)
  const bagLines = useCartStore((s) => s.lines)
  const flags = useCartStore((s) => s.checked)
  const bagLoaded = useCartStore((s) => s.loaded)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const openAuth = useOverlayStore((s) => s.openAuth)

  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout)
  const [info, setInfo] = useState<string | null>(null)
  const [contact, setContact] = useState({ name: '', email: '' })
  const [contactError, setContactError] = useState<string | null>(null)
  const [shipping, setShipping] = useState<GuestShippingForm>(emptyGuestShipping)
  const [shippingSaved, setShippingSaved] = useState(false)
  const [shippingError, setShippingError] = useState<string | null>(null)
  const [loadingData, setLoadingData] = useState(false)
  const [promoBusy, setPromoBusy] = useState(false)
  // Once an order is placed the bag changes under the page: no redirect to /cart then.
  const placed = useRef(false)

  // The lines are the ticked ones, frozen once the bag has arrived: the page checks out what the
  // shopper ticked, even while the bag refreshes.
  const [lines, setLines] = useState<CartLine[] | null>(null)
  useEffect(() => {
    if (lines === null && bagLoaded) setLines(checkedLines(bagLines, flags))
  }, [lines, bagLoaded, bagLines, flags])
  // Analytics begin_checkout (decision 034): once, for the lines this checkout took.
  useEffect(() => {
    if (!lines?.length) return
    trackLater({
      name: 'begin_checkout',
      params: commerceOf(
        lines.map((line) => ({
          item_id: line.product_code,
          item_name: line.product_name,
          item_variant: line.sku_product,
          price: line.price,
          quantity: Number(line.qty) || 1,
        })),
      ),
    })
  }, [lines])

  const toAddress = useCallback(
    (message: string) => {
      showMessage(message, 'error')
      void navigate('/member/address')
    },
    [navigate, showMessage],
  )

  // Who may be here: a visitor gets the sign-in dialog (and the bag), a member /checkout, a guest
  // /checkout-as-guest (spec 000 section 4).
  useEffect(() => {
    if (!ready || placed.current) return
    if (!token) {
      void navigate('/cart', { replace: true })
      openAuth('login')
    } else if (asGuest !== (kind === 'guest')) {
      void navigate(asGuest ? '/checkout-as-guest' : '/checkout', { replace: true })
    } else if (lines !== null && lines.length === 0) {
      void navigate('/cart', { replace: true })
    }
  }, [ready, token, asGuest, kind, lines, navigate, openAuth])

  // Member: cart_new once the lines are known. No data or no recipient address → /cart.
  const loadMemberData = useCallback(async () => {
    if (!lines?.length) return
    setLoadingData(true)
    try {
      const data = await fetchMemberCheckoutData(api, checkoutLines(lines))
      if (!data?.alamat_penerima) {
        void navigate('/cart', { replace: true })
        return
      }
      dispatch({ type: 'data', data })
    } catch (error) {
      if (error instanceof ApiError && error.code && ADDRESS_CODES.has(error.code)) toAddress(error.message)
      else {
        if (error instanceof ApiError && error.status !== 401) showMessage(error.message, 'error')
        void navigate('/cart', { replace: true })
      }
    } finally {
      setLoadingData(false)
    }
  }, [api, lines, navigate, showMessage, toAddress])

  useEffect(() => {
    if (kind !== 'member' || !ready || !token || asGuest || !lines?.length) return
    void loadMemberData()
  }, [kind, ready, token, asGuest, lines, loadMemberData])

  /** Guest: Save the shipping form → cart_guest for its destination (spec 000 section 5). */
  const saveShipping = useCallback(async () => {
    if (!lines?.length) return
    const problem = guestShippingProblem({
      penerima: shipping.penerima,
      hp_penerima: shipping.phone,
      alamat_lengkap: shipping.alamat_lengkap,
      destination_code: shipping.region.destination_code,
      kode_pos: shipping.region.kode_pos,
    })
    if (problem) {
      setShippingError(t(`messages.${problem}`))
      return
    }
    setShippingError(null)
    setLoadingData(true)
    try {
      const data = await fetchGuestCheckoutData(api, checkoutLines(lines), {
        destination_code: shipping.region.destination_code,
        id_address_village: shipping.region.id_address_village,
      })
      dispatch({ type: 'data', data })
      setShippingSaved(true)
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) showMessage(error.message, 'error')
    } finally {
      setLoadingData(false)
    }
  }, [api, lines, shipping, showMessage, t])

  const editShipping = useCallback(() => setShippingSaved(false), [])

  /** Member: another saved address becomes primary, then the bag is checked again. */
  const afterAddressChange = useCallback(async () => {
    await loadMemberData()
    showMessage(t('messages.addressChanged'), 'success')
  }, [loadMemberData, showMessage, t])

  // Payment options follow the amounts (the fee is the method's for this order).
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

  const promoBody = useCallback(
    (code: string) => {
      const delivery = chosenDelivery(state)
      const amounts = summaryAmounts(lines ?? [], state)
      return {
        id_delivery_method: delivery?.id ?? null,
        delivery_price: delivery?.tarif ?? 0,
        kode_promo: code,
        total_transaction: amounts.subtotal + amounts.packing,
        products: checkoutProducts(lines ?? []),
      }
    },
    [lines, state],
  )

  /** ADD/CHANGE: asks the promo call; success shows its message and clears the input. */
  const applyPromo = useCallback(async () => {
    const code = state.promoCode.trim()
    if (!code || !lines?.length || promoBusy) return
    setPromoBusy(true)
    try {
      const { discount, message } = await requestPromo(api, promoBody(code))
      dispatch({ type: 'discount', discount })
      showMessage(message || t('voucherApplied'), 'success')
    } catch {
      // The request layer shows the server's message (PRM001–PRM006).
    } finally {
      setPromoBusy(false)
    }
  }, [api, lines, promoBody, promoBusy, showMessage, state.promoCode, t])

  const removePromo = useCallback(() => dispatch({ type: 'discount', discount: null }), [])

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
    requestPromo(api, promoBody(discount.kode_promo), { silent: true }).then(
      (answer) => dispatch({ type: 'discount', discount: answer.discount }),
      (error: unknown) => {
        dispatch({ type: 'discount', discount: null })
        if (error instanceof ApiError) showMessage(error.message, 'error')
      },
    )
  }, [api, fareKey, promoBody, showMessage, state.discount])

  const busyRef = useRef(false)
  /** PAY NOW (spec 000 sections 5 and 8). */
  const pay = useCallback(async () => {
    if (!lines?.length || busyRef.current) return
    const problem = payProblem(state)
    if (problem === 'payment') return
    if (kind === 'guest') {
      const contactProblem = guestContactProblem(contact, needEmail)
      if (contactProblem) {
        setContactError(t(`messages.${contactProblem}`))
        showMessage(t('messages.contact'), 'error')
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
    const body =
      kind === 'guest'
        ? {
            ...member,
            buyer_name: contact.name.trim(),
            buyer_phone: guestPhone ?? undefined,
            buyer_email: contact.email.trim(),
            penerima: shipping.penerima.trim(),
            hp_penerima: phoneForApi(shipping.phone),
            alamat_lengkap: shipping.alamat_lengkap.trim(),
            destination_code: shipping.region.destination_code,
            kode_pos: shipping.region.kode_pos,
            id_address_village: shipping.region.id_address_village,
          }
        : member
    let keepKey = false
    try {
      const { order, message } = await placeOrder(api, kind, body, key)
      placed.current = true
      // Spec 000 section 8: order placement confirms with the server's message.
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
    guestPhone,
    kind,
    lines,
    navigate,
    needEmail,
    shipping,
    shippingSaved,
    showMessage,
    state,
    t,
    toAddress,
  ])

  return {
    kind,
    ready: ready && lines !== null,
    lines: lines ?? [],
    state,
    amounts: summaryAmounts(lines ?? [], state),
    loadingData,
    dispatch,
    info,
    closeInfo: () => setInfo(null),
    // guest
    needEmail,
    guestPhone,
    contact,
    setContact,
    contactError,
    shipping,
    setShipping,
    shippingSaved,
    shippingError,
    saveShipping,
    editShipping,
    // member
    afterAddressChange,
    // voucher and pay
    promoBusy,
    applyPromo,
    removePromo,
    pay,
  }
}

export type Checkout = ReturnType<typeof useCheckout>
