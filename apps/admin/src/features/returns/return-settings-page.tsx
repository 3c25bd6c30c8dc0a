import { useEffect } from 'react'
import { Link } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  RETURN_WINDOW_DAYS_MAX,
  ReturnSettingsSchema,
  can,
  type ReturnSettings,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import {
  Button,
  Card,
  ErrorNote,
  Field,
  Input,
  Loading,
  PageHeader,
  SuccessNote,
} from '../../components/ui.tsx'

const textArea =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-500 focus:outline-2 focus:outline-slate-900 disabled:bg-slate-50'

/**
 * The shop's return rules (issue 40): the window after delivery, where approved parcels go and what
 * the buyer is told. Everyone who works returns reads them; only the owner changes them (the API
 * checks returns.refund too).
 */
export function ReturnSettingsPage() {
  const { t } = useTranslation()
  const me = useStaff()
  const owner = can(me.role, 'returns.refund')
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: ['return-settings'],
    queryFn: () => staffApi<ReturnSettings>('GET', '/settings/returns'),
  })
  const form = useForm<z.input<typeof ReturnSettingsSchema>, unknown, ReturnSettings>({
    resolver: zodResolver(ReturnSettingsSchema),
  })
  useEffect(() => {
    if (query.data) form.reset(query.data)
  }, [query.data, form])
  const save = useMutation({
    mutationFn: (body: ReturnSettings) => staffApi<ReturnSettings>('PUT', '/settings/returns', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['return-settings'], saved)
      form.reset(saved)
    },
  })
  const { errors } = form.formState
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Link to="/returns" className="text-sm underline">
        {t('returnSettings.back')}
      </Link>
      <PageHeader title={t('returnSettings.title')} />
      <p className="-mt-2 text-sm text-slate-600">{t('returnSettings.intro')}</p>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <Card>
          <form
            noValidate
            onSubmit={form.handleSubmit((body) => save.mutate(body))}
            className="flex flex-col gap-3"
          >
            {!owner && <p className="text-sm text-slate-600">{t('returnSettings.readOnly')}</p>}
            <fieldset disabled={!owner} className="flex flex-col gap-3">
              <Field
                label={t('returnSettings.windowDays')}
                hint={t('returnSettings.windowHint', { max: RETURN_WINDOW_DAYS_MAX })}
                error={errors.window_days?.message}
              >
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={RETURN_WINDOW_DAYS_MAX}
                    className="max-w-32"
                    {...form.register('window_days', { valueAsNumber: true })}
                  />
                )}
              </Field>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label={t('returnSettings.shipToName')} error={errors.ship_to_name?.message}>
                  {(props) => (
                    <Input {...props} autoComplete="organization" {...form.register('ship_to_name')} />
                  )}
                </Field>
                <Field label={t('returnSettings.shipToPhone')} error={errors.ship_to_phone?.message}>
                  {(props) => (
                    <Input {...props} type="tel" autoComplete="tel" {...form.register('ship_to_phone')} />
                  )}
                </Field>
              </div>
              <Field label={t('returnSettings.shipToAddress')} error={errors.ship_to_address?.message}>
                {(props) => (
                  <textarea {...props} rows={3} className={textArea} {...form.register('ship_to_address')} />
                )}
              </Field>
              <Field
                label={t('returnSettings.instructions')}
                hint={t('returnSettings.instructionsHint')}
                error={errors.instructions?.message}
              >
                {(props) => (
                  <textarea {...props} rows={4} className={textArea} {...form.register('instructions')} />
                )}
              </Field>
            </fieldset>
            <ErrorNote error={save.error} />
            {save.isSuccess && !form.formState.isDirty && (
              <SuccessNote>{t('returnSettings.saved')}</SuccessNote>
            )}
            {owner && (
              <div>
                <Button type="submit" disabled={save.isPending}>
                  {t('returnSettings.save')}
                </Button>
              </div>
            )}
          </form>
        </Card>
      )}
    </div>
  )
}
