import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { StaffLoginBodySchema } from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { useMe, useSignedIn } from '../../lib/session.ts'
import { Button, ErrorNote, Field, Input } from '../../components/ui.tsx'

const LoginFormSchema = StaffLoginBodySchema.omit({ session: true })
type LoginForm = z.input<typeof LoginFormSchema>

/** Sign-in with e-mail and password, then the authenticator code when the account has one (STF004). */
export function LoginPage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const signedIn = useSignedIn()
  const navigate = useNavigate()
  const location = useLocation()
  const [needsCode, setNeedsCode] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<LoginForm, unknown, z.output<typeof LoginFormSchema>>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  })
  const from = (location.state as { from?: string } | null)?.from ?? '/'
  if (me) return <Navigate to={from} replace />

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const answer = await staffApi<{ csrf_token?: string }>('POST', '/auth/login', {
        body: { ...values, totp: needsCode ? values.totp : undefined, session: 'cookie' },
      })
      await signedIn(answer.csrf_token)
      navigate(from, { replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STF004') setNeedsCode(true)
      else setFailure(error)
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
        <h1 className="text-xl font-semibold">{t('login.title')}</h1>
        <ErrorNote error={failure} />
        <Field label={t('login.email')} error={errors.email?.message}>
          {(props) => <Input {...props} type="email" autoComplete="username" {...form.register('email')} />}
        </Field>
        <Field label={t('login.password')} error={errors.password?.message}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </Field>
        {needsCode && (
          <Field label={t('login.totp')} hint={t('login.totpHint')} error={errors.totp?.message}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                {...form.register('totp')}
              />
            )}
          </Field>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </main>
  )
}
