import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { StaffChangePasswordBodySchema, type StaffChangePasswordBody } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { ME_KEY, useSignOut } from '../../lib/session.ts'
import { Button, ErrorNote, Field, Input } from '../../components/ui.tsx'

type NewPasswordForm = { current_password: string; new_password: string; confirm: string }
const NewPasswordSchema = formSchema(
  StaffChangePasswordBodySchema,
  ({ current_password, new_password }: NewPasswordForm) => ({ current_password, new_password }),
  'new_password',
)

/**
 * Shown after signing in with the first start's one-time password (issue 38), before anything else:
 * the API answers nothing else (403 STF013) until a new password is chosen. Then the back office
 * opens as usual.
 */
export function NewPasswordPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const signOut = useSignOut()
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<NewPasswordForm, unknown, StaffChangePasswordBody>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  })
  const submit = form.handleSubmit(async (body) => {
    setFailure(null)
    if (form.getValues('confirm') !== body.new_password) {
      form.setError('confirm', { message: t('newPassword.mismatch') })
      return
    }
    try {
      await staffApi('POST', '/auth/password', { body })
      await queryClient.invalidateQueries({ queryKey: ME_KEY })
    } catch (error) {
      setFailure(error)
    }
  })
  const { errors, isSubmitting } = form.formState
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <form
        onSubmit={submit}
        noValidate
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-xl font-semibold">{t('newPassword.title')}</h1>
        <p className="text-sm text-slate-600">{t('newPassword.intro')}</p>
        <ErrorNote error={failure} />
        <Field label={t('newPassword.current')} error={errors.current_password?.message}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          )}
        </Field>
        <Field
          label={t('newPassword.password')}
          hint={t('newPassword.hint')}
          error={errors.new_password?.message}
        >
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              {...form.register('new_password')}
            />
          )}
        </Field>
        <Field label={t('newPassword.confirm')} error={errors.confirm?.message}>
          {(props) => (
            <Input {...props} type="password" autoComplete="new-password" {...form.register('confirm')} />
          )}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {t('newPassword.submit')}
        </Button>
        <Button type="button" look="secondary" onClick={() => void signOut()}>
          {t('menu.signOut')}
        </Button>
      </form>
    </main>
  )
}
