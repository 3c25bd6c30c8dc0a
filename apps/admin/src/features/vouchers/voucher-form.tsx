import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  VOUCHER_TYPES,
  VoucherCreateBodySchema,
  VoucherUpdateBodySchema,
  type AdminVoucher,
  type VoucherCreateBody,
  type VoucherUpdateBody,
} from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, ErrorNote, Field, Input, Select, SuccessNote } from '../../components/ui.tsx'
import { voucherKey, wibInstant, wibLocal } from './vouchers.api.ts'

type VoucherForm = {
  code: string
  name: string
  type: (typeof VOUCHER_TYPES)[number]
  value: string
  max_discount: string
  min_purchase: string
  starts_at: string
  ends_at: string
  usage_limit: string
  paused: boolean
}

const formOf = (voucher?: AdminVoucher): VoucherForm => ({
  code: voucher?.code ?? '',
  name: voucher?.name ?? '',
  type: voucher?.type ?? 'FIXED',
  value: voucher ? String(voucher.value) : '',
  max_discount: voucher?.max_discount === null || !voucher ? '' : String(voucher.max_discount),
  min_purchase: voucher ? String(voucher.min_purchase) : '0',
  starts_at: wibLocal(voucher?.starts_at ?? null),
  ends_at: wibLocal(voucher?.ends_at ?? null),
  usage_limit: voucher?.usage_limit === null || !voucher ? '' : String(voucher.usage_limit),
  paused: voucher?.paused ?? false,
})

/** Empty stays empty (the schema then says what is missing); text that is not a number stays NaN. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text))
const orNull = (text: string) => (text.trim() === '' ? null : Number(text))

/** The form as the staff API takes it: rupiah and counts as numbers, WIB wall clock as instants. */
const termsOf = (form: VoucherForm) => ({
  name: form.name,
  type: form.type,
  value: numberOf(form.value),
  max_discount: form.type === 'PERCENTAGE' ? orNull(form.max_discount) : null,
  min_purchase: numberOf(form.min_purchase) ?? 0,
  starts_at: wibInstant(form.starts_at),
  ends_at: wibInstant(form.ends_at),
  usage_limit: orNull(form.usage_limit),
})

/** Checked with the staff API's own schemas before sending; the code and paused only when creating. */
const CreateSchema = formSchema(
  VoucherCreateBodySchema,
  (form: VoucherForm) => ({ code: form.code, ...termsOf(form), paused: form.paused }),
  'name',
)
const UpdateSchema = formSchema(VoucherUpdateBodySchema, termsOf, 'name')

/**
 * A voucher's terms: create (with its code, optionally paused) or edit (the code stays: shoppers and
 * orders know it). Checked with the staff API's own schemas before sending; the server's field
 * errors land next to their fields.
 */
export function VoucherForm({
  voucher,
  onSaved,
}: {
  voucher?: AdminVoucher
  onSaved: (voucher: AdminVoucher) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<VoucherForm, unknown, VoucherCreateBody | VoucherUpdateBody>({
    resolver: zodResolver(voucher ? UpdateSchema : CreateSchema),
    values: formOf(voucher),
  })
  const save = useMutation({
    mutationFn: (body: VoucherCreateBody | VoucherUpdateBody) =>
      voucher
        ? staffApi<AdminVoucher>('PATCH', `/vouchers/${voucher.id}`, { body })
        : staffApi<AdminVoucher>('POST', '/vouchers', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(voucherKey(saved.id), (before: object | undefined) =>
        before ? { ...before, ...saved } : before,
      )
      void queryClient.invalidateQueries({ queryKey: ['vouchers'] })
      void queryClient.invalidateQueries({ queryKey: voucherKey(saved.id) })
      onSaved(saved)
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      for (const field of error.fields) {
        const name = field.field.replace(/^body\./, '') as keyof VoucherForm
        if (name in formOf()) form.setError(name, { message: field.message })
      }
      if (error.code === 'STF155') form.setError('code', { message: error.message })
      if (error.code === 'STF156') form.setError('usage_limit', { message: error.message })
    },
  })
  const submit = form.handleSubmit((body) => save.mutate(body))
  const { errors } = form.formState
  const type = form.watch('type')
  const text = (
    name: keyof VoucherForm,
    label: string,
    options: { hint?: string; type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field label={label} hint={options.hint} error={errors[name]?.message}>
      {(props) => (
        <Input
          {...props}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          {...form.register(name)}
        />
      )}
    </Field>
  )
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {!voucher && text('code', t('vouchers.code'), { hint: t('vouchers.codeHint') })}
      {text('name', t('vouchers.name'), { hint: t('vouchers.nameHint') })}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('vouchers.type')} error={errors.type?.message}>
          {(props) => (
            <Select {...props} {...form.register('type')}>
              {VOUCHER_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`voucherType.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {text('value', t(`vouchers.value${type}`), { type: 'number', inputMode: 'numeric' })}
        {type === 'PERCENTAGE' &&
          text('max_discount', t('vouchers.maxDiscount'), {
            hint: t('vouchers.maxDiscountHint'),
            type: 'number',
            inputMode: 'numeric',
          })}
        {text('min_purchase', t('vouchers.minPurchase'), {
          hint: t('vouchers.minPurchaseHint'),
          type: 'number',
          inputMode: 'numeric',
        })}
        {text('starts_at', t('vouchers.startsAt'), {
          hint: t('vouchers.windowHint'),
          type: 'datetime-local',
        })}
        {text('ends_at', t('vouchers.endsAt'), { hint: t('vouchers.windowHint'), type: 'datetime-local' })}
        {text('usage_limit', t('vouchers.usageLimit'), {
          hint: t('vouchers.usageLimitHint'),
          type: 'number',
          inputMode: 'numeric',
        })}
      </div>
      {!voucher && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('paused')} /> {t('vouchers.createPaused')}
        </label>
      )}
      <ErrorNote error={save.error} />
      {save.isSuccess && voucher && !form.formState.isDirty && (
        <SuccessNote>{t('vouchers.saved')}</SuccessNote>
      )}
      <Button type="submit" disabled={save.isPending} className="self-start">
        {voucher ? t('common.save') : t('vouchers.create')}
      </Button>
    </form>
  )
}
