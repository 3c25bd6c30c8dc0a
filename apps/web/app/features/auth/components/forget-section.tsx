import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { ApiError } from '~/lib/api-client.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { forget } from '../auth.api.ts'
import { isEmail } from '../auth.rules.ts'
import { FormMessage } from './fields.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Button } from '~/components/ui/button.tsx'

/** The server's error stays under the field this long (docs/product/account.md §8). */
export const FORGET_ERROR_MS = 3000

/**
 * Forget Password (docs/product/account.md §5 and 8): only an e-mail; the button waits for a valid one; a
 * server error shows under the field for 3 s; success shows a notice (the server's, or ours).
 */
export function ForgetSection() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  useEffect(() => {
    if (!error) return
    const timer = setTimeout(() => setError(null), FORGET_ERROR_MS)
    return () => clearTimeout(timer)
  }, [error])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!isEmail(email) || busy) return
    setBusy(true)
    setError(null)
    try {
      const answer = await forget(api, email.trim().toLowerCase())
      setDone(answer.message || t('forget.sent'))
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('forget.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('sections.forget')}>
      <p className="text-sm text-neutral-600">{t('forget.line')}</p>
      {done && <FormMessage text={done} tone="success" />}
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onValue={(value) => {
          setEmail(value)
          setDone(null)
        }}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={!isEmail(email) || busy}>
        {t('forget.submit')}
      </Button>
      <Button
        type="button"
        variant="link"
        className="text-sm text-neutral-600 hover:text-ink"
        onClick={() => openAuth('login')}
      >
        {t('backToLogin')}
      </Button>
    </form>
  )
}
