import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'

/**
 * What a guest signed in by phone sees on the member-only pages (account info, saved addresses):
 * docs/product/shopping.md §6 gives guests checkout as guest and order tracking, not a profile or an
 * address book, and the API answers those calls 403. Registering opens the dialog's Register tab.
 */
export function GuestNotice() {
  const { t } = useTranslation('account')
  const openAuth = useOverlayStore((s) => s.openAuth)
  return (
    <section
      aria-labelledby="guest-notice-title"
      className="flex flex-col items-start gap-3 border border-neutral-200 p-6"
      data-testid="guest-notice"
    >
      <h2 id="guest-notice-title" className="text-sm font-semibold uppercase tracking-[0.16em]">
        {t('guest.title')}
      </h2>
      <p className="text-sm text-neutral-600">{t('guest.text')}</p>
      <button
        type="button"
        className="bg-ink px-6 py-3 text-xs font-semibold uppercase tracking-[0.2em] text-white"
        onClick={() => openAuth('register')}
      >
        {t('guest.register')}
      </button>
    </section>
  )
}
