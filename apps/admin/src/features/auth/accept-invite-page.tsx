import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { StaffPasswordSchema } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { Button, ErrorNote, Field, Input, SuccessNote } from '../../components/ui.tsx'

const AcceptFormSchema = z
  .object({ password: StaffPasswordSchema, confirm: z.string() })
  .refine((form) => form.password === form.confirm, { path: ['confirm'], message: 'mismatch' })
type AcceptForm = z.infer<typeof AcceptFormSchema>

/** The invitation link (/admin/accept-invite#token=…): the invitee sets a password. */
export function AcceptInvitePage() {
  const { t } = useTranslation()
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<AcceptForm>({
    resolver: zodResolver(AcceptFormSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null)
    try {
      await staffApi('POST', '/auth/accept-invite', { body: { token, password } })
      setDone(true)
    } catch (error) {
      setFailure(error)
    }
  })
  const { errors, isSubmitting } = form.formState
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <form
        onSubmit={submit}
        noValidate
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-xl font-semibold">{t('invite.title')}</h1>
        {!token && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {t('invite.missing')}
          </p>
        )}
        {done ? (
          <>
            <SuccessNote>{t('invite.done')}</SuccessNote>
            <Link to="/login" className="text-sm underline">
              {t('invite.toLogin')}
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t('invite.intro')}</p>
            <ErrorNote error={failure} />
            <Field label={t('invite.password')} error={errors.password?.message}>
              {(props) => (
                <Input
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('password')}
                />
              )}
            </Field>
            <Field label={t('invite.confirm')} error={errors.confirm ? t('invite.mismatch') : undefined}>
              {(props) => (
                <Input {...props} type="password" autoComplete="new-password" {...form.register('confirm')} />
              )}
            </Field>
            <Button type="submit" disabled={isSubmitting || !token}>
              {t('invite.submit')}
            </Button>
          </>
        )}
      </form>
    </main>
  )
}
