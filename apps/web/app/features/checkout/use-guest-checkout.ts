import { useCallback, useEffect, useState, type Dispatch } from 'react'
import { guestShippingProblem, type CartLine } from '@busana/contract'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { registerSessionReset, useSessionStore } from '~/lib/session-store.ts'
import { fetchGuestCheckoutData } from './checkout.api.ts'
import { checkoutLines, type CheckoutAction } from './checkout.state.ts'
import { emptyGuestShipping, type GuestContactForm, type GuestShippingForm } from './guest-shipping-form.ts'
import { clearGuestForm, readGuestForm, tabStorage, writeGuestForm } from './guest-form-storage.ts'

// Logout forgets what the guest typed (docs/product/account.md §4: logout resets the member's data).
registerSessionReset('guest-checkout-form', () => clearGuestForm(tabStorage()))

/**
 * The guest's contact and shipping form (docs/product/shopping.md §5): Save checks the shipping form with
 * the contract's rule, then asks cart_guest for the couriers to its destination. What the guest
 * types is kept for the tab's session (guest-form-storage.ts), so a reload brings it back, unsaved.
 */
export function useGuestCheckout(lines: CartLine[] | null, dispatch: Dispatch<CheckoutAction>) {
  const { t } = useTranslation('checkout')
  const api = useApi()
  const needEmail = useSessionStore((s) => s.user?.need_email === true)
  const guestPhone = useSessionStore((s) => s.phoneAsGuest)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [contact, setContact] = useState<GuestContactForm>({ name: '', email: '' })
  const [contactError, setContactError] = useState<string | null>(null)
  const [shipping, setShipping] = useState<GuestShippingForm>(emptyGuestShipping)
  const [shippingSaved, setShippingSaved] = useState(false)
  const [shippingError, setShippingError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  // The guest whose stored form has been read into this one: until then nothing is written, so the
  // empty first render never overwrites what a reload is about to bring back (issue 26 item 13).
  const [restoredFor, setRestoredFor] = useState<string | null>(null)

  useEffect(() => {
    if (!guestPhone || restoredFor === guestPhone) return
    const stored = readGuestForm(tabStorage(), guestPhone)
    if (stored) {
      setContact(stored.contact)
      setShipping(stored.shipping)
    }
    setRestoredFor(guestPhone)
  }, [guestPhone, restoredFor])

  useEffect(() => {
    if (!guestPhone || restoredFor !== guestPhone) return
    writeGuestForm(tabStorage(), guestPhone, { contact, shipping })
  }, [guestPhone, restoredFor, contact, shipping])

  /** Guest: Save the shipping form → cart_guest for its destination (docs/product/shopping.md §5). */
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
    setLoading(true)
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
      setLoading(false)
    }
  }, [api, dispatch, lines, shipping, showMessage, t])

  const editShipping = useCallback(() => setShippingSaved(false), [])

  return {
    needEmail,
    guestPhone,
    contact,
    setContact,
    contactError,
    setContactError,
    shipping,
    setShipping,
    shippingSaved,
    shippingError,
    saveShipping,
    editShipping,
    loading,
  }
}

export type GuestCheckout = ReturnType<typeof useGuestCheckout>
