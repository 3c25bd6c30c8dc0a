import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  StaffTotpDisableBodySchema,
  StaffTotpEnableBodySchema,
  type StaffTotpDisableBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { ME_KEY, useSignOut, useStaff } from '../../lib/session.ts'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Button, Card, ErrorNote, Field, Input, PageHeader, SuccessNote } from '../../components/ui.tsx'

type Setup = { uri: string; secret: string }

/** One's own account: the authenticator app's second factor on or off; signing out everywhere. */
export function AccountPage() {
  const { t } = useTranslation()
  const me = useStaff()
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('account.title')} />
      <Card title={t('account.totpTitle')}>
        {me.totp_enabled ? (
          <div className="flex flex-col gap-4">
            <p>{t('account.totpOn')}</p>
            <TotpOff />
          </div>
        ) : (
          <TotpSetup />
        )}
      </Card>
      <SignOutEverywhere />
    </div>
  )
}

function TotpSetup() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<Setup | null>(null)
  const start = useMutation({
    mutationFn: () => staffApi<Setup>('POST', '/auth/totp/setup'),
    onSuccess: setSetup,
  })
  const form = useForm<
    z.input<typeof StaffTotpEnableBodySchema>,
    unknown,
    z.output<typeof StaffTotpEnableBodySchema>
  >({
    resolver: zodResolver(StaffTotpEnableBodySchema),
    defaultValues: { code: '' },
  })
  const enable = useMutation({
    mutationFn: (body: z.output<typeof StaffTotpEnableBodySchema>) =>
      staffApi('POST', '/auth/totp/enable', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  })
  if (enable.isSuccess) return <SuccessNote>{t('account.totpEnabled')}</SuccessNote>
  if (!setup) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{t('account.totpOff')}</p>
        <ErrorNote error={start.error} />
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {t('account.totpSetup')}
        </Button>
      </div>
    )
  }
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => enable.mutate(body))}
      className="flex flex-col gap-3"
    >
      <p className="text-sm">{t('account.totpScan')}</p>
      <p className="text-sm">
        {t('account.totpKey')}:{' '}
        <code data-testid="totp-secret" className="break-all font-mono">
          {setup.secret}
        </code>
      </p>
      <a href={setup.uri} className="text-sm underline">
        {t('account.totpLink')}
      </a>
      <ErrorNote error={enable.error} />
      <Field label={t('account.totpCode')} error={form.formState.errors.code?.message}>
        {(props) => (
          <Input
            {...props}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="max-w-40"
            {...form.register('code')}
          />
        )}
      </Field>
      <Button type="submit" disabled={enable.isPending} className="self-start">
        {t('account.totpEnable')}
      </Button>
    </form>
  )
}

type Proof = 'code' | 'password'
type TotpOffForm = { proof: Proof; value: string }
/** One proof is sent: the code (trimmed) or the password (as typed); its refusal shows under the field. */
const TotpOffSchema = formSchema(
  StaffTotpDisableBodySchema,
  (form: TotpOffForm) => (form.proof === 'code' ? { code: form.value.trim() } : { password: form.value }),
  'value',
)

/** Turning one's own second factor off, proven with a current code or the password. */
function TotpOff() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<TotpOffForm, unknown, StaffTotpDisableBody>({
    resolver: zodResolver(TotpOffSchema),
    defaultValues: { proof: 'code', value: '' },
  })
  const proof = form.watch('proof')
  const disable = useMutation({
    mutationFn: (body: StaffTotpDisableBody) => staffApi('POST', '/auth/totp/disable', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  })
  const submit = form.handleSubmit((body) => disable.mutate(body))
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('accountCare.totpOffTitle')}
      className="flex flex-col gap-3 border-t border-slate-100 pt-3"
    >
      <h3 className="text-sm font-semibold">{t('accountCare.totpOffTitle')}</h3>
      <p className="text-sm text-slate-600">{t('accountCare.totpOffIntro')}</p>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('accountCare.proveWith')}</legend>
        {(['code', 'password'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2">
            <input
              type="radio"
              value={kind}
              {...form.register('proof', {
                // Another proof starts empty, without the last one's refusal.
                onChange: () => {
                  form.setValue('value', '')
                  form.clearErrors()
                },
              })}
            />
            {kind === 'code' ? t('accountCare.withCode') : t('accountCare.withPassword')}
          </label>
        ))}
      </fieldset>
      <Field
        label={proof === 'code' ? t('accountCare.code') : t('accountCare.password')}
        error={form.formState.errors.value?.message}
      >
        {(props) => (
          <Input
            {...props}
            key={proof}
            type={proof === 'code' ? 'text' : 'password'}
            inputMode={proof === 'code' ? 'numeric' : undefined}
            autoComplete={proof === 'code' ? 'one-time-code' : 'current-password'}
            className="max-w-64"
            {...form.register('value')}
          />
        )}
      </Field>
      <ErrorNote error={disable.error} />
      <Button type="submit" look="danger" disabled={disable.isPending} className="self-start">
        {t('accountCare.totpOff')}
      </Button>
    </form>
  )
}

/** Ends every session of one's own account, this one included: back to sign-in. */
function SignOutEverywhere() {
  const { t } = useTranslation()
  const signOut = useSignOut()
  return (
    <Card title={t('accountCare.everywhereTitle')}>
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm">{t('accountCare.everywhereIntro')}</p>
        <ConfirmButton
          label={t('accountCare.everywhere')}
          title={t('accountCare.everywhereConfirmTitle')}
          confirm={t('accountCare.everywhereConfirm')}
          onConfirm={() => signOut({ everywhere: true })}
        >
          {t('accountCare.everywhereIntro')}
        </ConfirmButton>
      </div>
    </Card>
  )
}
