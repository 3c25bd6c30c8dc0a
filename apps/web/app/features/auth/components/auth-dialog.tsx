import { useEffect } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useAuthFlowStore } from '../auth-flow-store.ts'
import { LoginSection } from './login-section.tsx'
import { ForgetSection } from './forget-section.tsx'
import { RegisterSection } from './register-section.tsx'
import { OtpSection } from './otp-section.tsx'
import { GuestSection } from './guest-section.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * The authentication dialog (docs/product/account.md §2): Login (default), Forget Password, Register,
 * Register Success, OTP, checkout and as guest. Closing it (button, Escape, backdrop) clears the
 * section back to Login and forgets the flow. Loaded lazily by the root when it first opens.
 */
export function AuthDialog() {
  const { t } = useTranslation('auth')
  const { section, purpose } = useOverlayStore((s) => s.auth)
  const closeAuth = useOverlayStore((s) => s.closeAuth)
  const resetFlow = useAuthFlowStore((s) => s.reset)
  // The flow (customer id, notices) lives only while the dialog is open.
  useEffect(() => resetFlow, [resetFlow])
  const checkout = purpose === 'checkout' || section === 'checkout'
  const titleSection = section === 'checkout' ? 'login' : section

  return (
    <OverlayPanel
      title={t(`sections.${titleSection}`)}
      onClose={closeAuth}
      closeLabel={t('close')}
      className="sm:max-w-md"
    >
      <div data-testid="auth-dialog" data-section={section}>
        {checkout && (section === 'login' || section === 'checkout') && (
          <h3 className="mb-3 text-lg font-semibold">{t('sections.checkout')}</h3>
        )}
        {(section === 'login' || section === 'checkout') && (
          <LoginSection checkout={checkout} purpose={purpose} />
        )}
        {section === 'forget' && <ForgetSection />}
        {section === 'register' && <RegisterSection />}
        {section === 'otp' && <OtpSection />}
        {section === 'guest' && <GuestSection />}
        {section === 'register-success' && (
          <div className="flex flex-col gap-4" data-testid="register-success">
            <p className="text-base font-semibold">{t('registerSuccess.title')}</p>
            <p className="text-sm text-neutral-600">{t('registerSuccess.line')}</p>
            <Button type="button" className="w-full" onClick={closeAuth}>
              {t('registerSuccess.start')}
            </Button>
          </div>
        )}
      </div>
    </OverlayPanel>
  )
}
