import { useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { ApiError } from '~/lib/api-client.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { customerIdOf, isSignedIn, register, sessionUserOf } from '../auth.api.ts'
import { isEmail, isPasswordValid, isPhone, phoneForApi } from '../auth.rules.ts'
import { useAuthFlowStore } from '../auth-flow-store.ts'
import { DigitsField, FormMessage, PasswordRules } from './fields.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Button } from '~/components/ui/button.tsx'

interface RegisterForm {
  name: string
  email: string
  phone: string
  password: string
  confirm: string
  birthDate: string
  consent: boolean
}

const emptyForm: RegisterForm = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirm: '',
  birthDate: '',
  consent: false,
}

/** The first problem of each field, in the words of docs/product/account.md §5 (null when it holds). */
export function registerErrors(form: RegisterForm, t: (key: string) => string) {
  return {
    name: form.name.trim() ? null : t('register.nameRequired'),
    email: !form.email.trim()
      ? t('register.emailRequired')
      : isEmail(form.email)
        ? null
        : t('register.emailInvalid'),
    phone: !form.phone
      ? t('register.phoneRequired')
      : isPhone(form.phone)
        ? null
        : t('register.phoneInvalid'),
    password: isPasswordValid(form.password) ? null : t('register.passwordRules'),
    confirm: form.confirm && form.confirm === form.password ? null : t('password.mustMatch'),
    birthDate: form.birthDate ? null : t('register.birthDateRequired'),
    consent: form.consent ? null : t('register.consentRequired'),
  }
}

/**
 * Register (docs/product/account.md §2, 4, 5): name, e-mail, phone after a fixed +62 (sent with a leading
 * 0), password with its four rules live, confirmation, birth date (YYYY-MM-DD), consent. VER001 goes
 * to the code step; any other success shows Register Success with the shopper signed in.
 */
export function RegisterSection() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const setUser = useSessionStore((s) => s.setUser)
  const setCustomer = useAuthFlowStore((s) => s.setCustomer)
  const [form, setForm] = useState<RegisterForm>(emptyForm)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(null)
  const errors = registerErrors(form, (key) => String(t(key)))
  const shown = (key: keyof RegisterForm) => (submitted ? errors[key] : null)
  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }))

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (Object.values(errors).some(Boolean) || busy) return
    setBusy(true)
    setServerMessage(null)
    try {
      const answer = await register(api, {
        nama_pelanggan: form.name.trim(),
        password: form.password,
        confirm_password: form.confirm,
        email: form.email.trim().toLowerCase(),
        hp: phoneForApi(form.phone),
        tanggal_lahir: form.birthDate,
        source: 'WEBSITE',
      })
      const id = customerIdOf(answer.data)
      if (answer.code === 'VER001' && id) {
        setCustomer(id)
        openAuth('otp')
        return
      }
      if (isSignedIn(answer.data)) {
        setUser(sessionUserOf(answer.data), { asGuest: false })
      }
      openAuth('register-success')
    } catch (cause) {
      const apiError = cause instanceof ApiError ? cause : null
      const id = apiError?.code === 'VER001' ? customerIdOf(apiError.data) : null
      if (id) {
        setCustomer(id)
        openAuth('otp')
        return
      }
      setServerMessage(apiError?.message ?? t('register.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('sections.register')}>
      {serverMessage && <FormMessage text={serverMessage} />}
      <Field
        label={t('fields.name')}
        autoComplete="name"
        value={form.name}
        onValue={set('name')}
        error={shown('name')}
      />
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={form.email}
        onValue={set('email')}
        error={shown('email')}
      />
      <DigitsField
        label={t('fields.phone')}
        prefix="+62"
        maxDigits={14}
        autoComplete="tel-national"
        value={form.phone}
        onValue={set('phone')}
        error={shown('phone')}
      />
      <Field
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onValue={set('password')}
        error={shown('password')}
        hint={<PasswordRules password={form.password} />}
      />
      <Field
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onValue={set('confirm')}
        error={form.confirm || submitted ? errors.confirm : null}
      />
      <Field
        label={t('fields.birthDate')}
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        value={form.birthDate}
        onValue={set('birthDate')}
        error={shown('birthDate')}
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm text-neutral-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-ink"
            checked={form.consent}
            onChange={(event) => set('consent')(event.target.checked)}
            aria-invalid={shown('consent') ? true : undefined}
          />
          <span>{t('register.consent')}</span>
        </label>
        {shown('consent') && (
          <p className="text-xs text-red-700" role="alert">
            {shown('consent')}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {t('register.submit')}
      </Button>
      <p className="text-center text-sm text-neutral-600">
        {t('register.haveAccount')}{' '}
        <Button
          type="button"
          variant="link"
          className="font-semibold text-ink"
          onClick={() => openAuth('login')}
        >
          {t('register.toLogin')}
        </Button>
      </p>
    </form>
  )
}
