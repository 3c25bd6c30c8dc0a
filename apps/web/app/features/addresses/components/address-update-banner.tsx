import { useEffect } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useAddressStore } from '../address-store.ts'

/**
 * The address-update banner (docs/product/account.md §2 and 4): for a signed-in member whose
 * GET /api/v1/member/cek_alamat says need_update (an address lacks its sub-district), a slim strip
 * linking to /member/address. Renders nothing otherwise, and on the server.
 */
export function AddressUpdateBanner() {
  const { t } = useTranslation('addresses')
  const api = useApi()
  // Guests signed in by phone have no address book (the API answers 403): nothing to check.
  const token = useSessionStore((s) => (s.asGuest ? undefined : s.user?.token))
  const needUpdate = useAddressStore((s) => s.needUpdate)
  const checkNeedUpdate = useAddressStore((s) => s.checkNeedUpdate)
  const reset = useAddressStore((s) => s.reset)

  useEffect(() => {
    if (token) void checkNeedUpdate(api, token)
    else reset()
  }, [api, token, checkNeedUpdate, reset])

  if (!token || !needUpdate) return null
  return (
    <div
      role="region"
      aria-label={t('banner.label')}
      data-testid="address-update-banner"
      className="bg-accent-soft"
    >
      <p className="page-container flex flex-wrap items-center justify-center gap-x-3 py-2 text-center text-xs">
        <span>{t('banner.text')}</span>
        <TrackedLink
          to="/member/address"
          className="font-semibold uppercase tracking-[0.15em] text-accent underline"
        >
          {t('banner.link')}
        </TrackedLink>
      </p>
    </div>
  )
}
