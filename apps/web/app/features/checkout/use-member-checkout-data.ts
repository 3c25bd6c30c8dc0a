import { useCallback, useEffect, useState, type Dispatch } from 'react'
import type { CartLine } from '@busana/contract'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'
import { fetchMemberCheckoutData } from './checkout.api.ts'
import { ADDRESS_CODES } from './checkout-reactions.ts'
import { checkoutLines, type CheckoutAction } from './checkout.state.ts'
import type { CheckoutKind } from './use-checkout.ts'

/**
 * Member: cart_new once the lines are known (docs/product/shopping.md §4). No data or no recipient address
 * → /cart; SON006/DVY001 → /member/address. Another saved address made primary checks the bag again.
 */
export function useMemberCheckoutData(
  kind: CheckoutKind,
  lines: CartLine[] | null,
  dispatch: Dispatch<CheckoutAction>,
  toAddress: (message: string) => void,
) {
  const { t } = useTranslation('checkout')
  const api = useApi()
  const navigate = useTrackedNavigate()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const asGuest = useSessionStore((s) => s.asGuest)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [loading, setLoading] = useState(false)

  const load = useCallback(async () => {
    if (!lines?.length) return
    setLoading(true)
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
      setLoading(false)
    }
  }, [api, dispatch, lines, navigate, showMessage, toAddress])

  useEffect(() => {
    if (kind !== 'member' || !ready || !token || asGuest || !lines?.length) return
    void load()
  }, [kind, ready, token, asGuest, lines, load])

  /** Member: another saved address becomes primary, then the bag is checked again. */
  const afterAddressChange = useCallback(async () => {
    await load()
    showMessage(t('messages.addressChanged'), 'success')
  }, [load, showMessage, t])

  return { loading, afterAddressChange }
}
