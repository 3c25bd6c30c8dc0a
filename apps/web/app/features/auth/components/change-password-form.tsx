import { useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { changePassword } from '../auth.api.ts'
import { isPasswordValid } from '../auth.rules.ts'
import { PasswordRules } from './fields.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Button } from '~/components/ui/button.tsx'

/** Problems of the change-password form (docs/product/account.md §5), null when it may be sent. */
export function changePasswordErrors(old: string, next: string, confirm: string) {
  return {
    old: old ? null : 'required',
    next: !isPasswordValid(next) ? 'rules' : next === old ? 'previouslyUsed' : null,
    confirm: confirm && confirm === next ? null : 'mustMatch',
  }
}

/**
 * Change password (docs/product/account.md §2 and 5): current, new (the four rules live, and different from
 * the current: 'Cannot be a previously used password') and confirmation ('Password must be the
 * same'); submit is disabled until all hold; the server's message shows on success.
 */
export function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('auth')
  const api = useApi()
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [old, setOld] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const errors = changePasswordErrors(old, next, confirm)
  const valid = !errors.old && !errors.next && !errors.confirm

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!valid || busy) return
    setBusy(true)
    try {
      const answer = await changePassword(api, old, next, confirm)
      showMessage(answer.message || t('changePassword.done'), 'success')
      onDone()
    } catch {
      // The error popup shows the server's message (e.g. a wrong current password).
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={t('changePassword.title')}
    >
      <Field
        label={t('changePassword.old')}
        type="password"
        autoComplete="current-password"
        value={old}
        onValue={setOld}
      />
      <Field
        label={t('changePassword.new')}
        type="password"
        autoComplete="new-password"
        value={next}
        onValue={setNext}
        error={next && errors.next === 'previouslyUsed' ? t('password.previouslyUsed') : null}
        hint={<PasswordRules password={next} />}
      />
      <Field
        label={t('changePassword.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValue={setConfirm}
        error={confirm && errors.confirm ? t('password.mustMatch') : null}
      />
      <Button type="submit" className="w-full" disabled={!valid || busy}>
        {t('changePassword.submit')}
      </Button>
    </form>
  )
}
