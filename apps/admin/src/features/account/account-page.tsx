import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { StaffTotpEnableBodySchema } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { ME_KEY, useStaff } from '../../lib/session.ts'
import { Button, Card, ErrorNote, Field, Input, PageHeader, SuccessNote } from '../../components/ui.tsx'

type Setup = { uri: string; secret: string }

/** One's own account: turning the authenticator app's second factor on. */
export function AccountPage() {
  const { t } = useTranslation()
  const me = useStaff()
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('account.title')} />
      <Card title={t('account.totpTitle')}>
        {me.totp_enabled ? <p>{t('account.totpOn')}</p> : <TotpSetup />}
      </Card>
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
