import { trackLater } from '~/lib/track-later.ts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { ApiError } from '~/lib/api-client.ts'
import { useOverlayStore, type AuthPurpose } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { customerIdOf, login, sessionUserOf } from '../auth.api.ts'
import { isEmail } from '../auth.rules.ts'
import { useAuthFlowStore } from '../auth-flow-store.ts'
import { FormMessage } from './fields.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * Login (docs/product/account.md §2, 4, 5): e-mail and password; empty or malformed fields mark themselves
 * on submit; the server's message shows with an icon; VER001 keeps the customer id and goes to the
 * code step. The checkout purpose (Add to bag) shows the same form under its own line, and so does a
 * member link that asked for the sign-in (issue 28: an order page's, another member page's).
 */
export function LoginSection({
  checkout,
  purpose = 'default',
}: {
  checkout: boolean
  purpose?: AuthPurpose
}) {
  const { t } = useTranslation('auth')
  const api = useApi()
  const setSection = useOverlayStore((s) => s.openAuth)
  const closeAuth = useOverlayStore((s) => s.closeAuth)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const setUser = useSessionStore((s) => s.setUser)
  const flow = useAuthFlowStore()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(null)

  const emailError = submitted
    ? !email.trim()
      ? t('login.emailRequired')
      : !isEmail(email)
        ? t('login.emailInvalid')
        : null
    : null
  const passwordError = submitted && !password ? t('login.passwordRequired') : null

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    flow.setNotice(null)
    if (!isEmail(email) || !password || busy) return
    setBusy(true)
    setServerMessage(null)
    try {
      const answer = await login(api, email.trim().toLowerCase(), password)
      setUser(sessionUserOf(answer.data), { asGuest: false })
      trackLater({ name: 'login', params: { method: 'email' } })
      closeAuth()
      showMessage(answer.message || t('login.success'), 'success')
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null
      const id = apiError?.code === 'VER001' ? customerIdOf(apiError.data) : null
      if (id) {
        // docs/product/account.md §4: VER001 stores the customer id and switches to OTP.
        flow.setCustomer(id)
        setSection('otp')
        return
      }
      setServerMessage(apiError?.message ?? t('login.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('sections.login')}>
      {checkout ? (
        <p className="text-sm text-neutral-700" data-testid="auth-checkout-line">
          {t('checkout.line')}
        </p>
      ) : purpose === 'order' || purpose === 'member' ? (
        <p className="text-sm text-neutral-700" data-testid="auth-return-line">
          {t(`returnTo.${purpose}`)}
        </p>
      ) : (
        <p className="text-sm text-neutral-600">{t('invite')}</p>
      )}
      {flow.notice && <FormMessage text={flow.notice} tone="success" />}
      {serverMessage && <FormMessage text={serverMessage} />}
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        error={emailError}
      />
      <Field
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        error={passwordError}
      />
      <Button
        type="button"
        variant="link"
        className="self-end text-xs text-neutral-600 hover:text-ink"
        onClick={() => setSection('forget')}
      >
        {t('login.forgot')}
      </Button>
      <Button type="submit" className="w-full" disabled={busy}>
        {t('login.submit')}
      </Button>
      <p className="text-center text-sm text-neutral-600">
        {t('login.noAccount')}{' '}
        <Button
          type="button"
          variant="link"
          className="font-semibold text-ink"
          onClick={() => setSection('register')}
        >
          {t('login.toRegister')}
        </Button>
      </p>
      <div
        className="flex items-center gap-3 text-xs uppercase tracking-[0.2em] text-neutral-500"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-neutral-200" />
        {t('login.or')}
        <span className="h-px flex-1 bg-neutral-200" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={() => setSection('guest', checkout ? 'checkout' : purpose)}
      >
        {t('login.asGuest')}
      </Button>
    </form>
  )
}
