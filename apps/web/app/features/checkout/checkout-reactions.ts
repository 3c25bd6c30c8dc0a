import { useCallback } from 'react'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'

/** Codes that send the shopper to complete the address (docs/product/shopping.md §8). */
export const ADDRESS_CODES = new Set(['SON006', 'DVY001'])

/** SON006/DVY001: the server's message, then /member/address. */
export function useToAddress() {
  const navigate = useTrackedNavigate()
  const showMessage = useOverlayStore((s) => s.showMessage)
  return useCallback(
    (message: string) => {
      showMessage(message, 'error')
      void navigate('/member/address')
    },
    [navigate, showMessage],
  )
}
