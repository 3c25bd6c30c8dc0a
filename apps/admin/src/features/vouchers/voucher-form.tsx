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
import { useBrandNames } from '../../lib/brands.ts'
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
  per_customer_limit: string
  /** The ticked brands' ids (checkbox values are text). */
  brands: string[]
  /** Category ids and product codes, comma-separated. */
  categories: string
  products: string
  first_order_only: boolean
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
  per_customer_limit: String(voucher?.per_customer_limit ?? 1),
  brands: (voucher?.brands ?? []).map(String),
  categories: (voucher?.categories ?? []).join(', '),
  products: (voucher?.products ?? []).join(', '),
  first_order_only: voucher?.first_order_only ?? false,
})

/** Empty stays empty (the schema then says what is missing); text that is not a number stays NaN. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text))
const orNull = (text: string) => (text.trim() === '' ? null : Number(text))
/** 'A, b ,' is ['A', 'b']: the comma-separated entries, trimmed, empty ones dropped. */
const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
/** Text that is not a whole number stays NaN, so the schema names the field. */
const idsOf = (text: string) => listOf(text).map((item) => (/^\d+$/.test(item) ? Number(item) : NaN))

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
  per_customer_limit: numberOf(form.per_customer_limit) ?? 1,
  // A lone checkbox of a name reads as a boolean: only arrays are ticked ids.
  brands: (Array.isArray(form.brands) ? form.brands : []).map(Number),
  categories: idsOf(form.categories),
  products: listOf(form.products),
  first_order_only: form.first_order_only,
})

/** Checked with the staff API's own schemas before sending; the code and paused only when creating. */
const CreateSchema = formSchema(
  VoucherCreateBodySchema,
  (form: VoucherForm) => ({ code: form.code, ...termsOf(form), paused: form.paused }),
  'name',
)
const UpdateSchema = formSchema(VoucherUpdateBodySchema, termsOf, 'name')

/**
 * A voucher's terms and rules (decision 058: per-customer limit, the brands, categories and products
 * it counts, first order only): create (with its code, optionally paused) or edit (the code stays:
 * shoppers and orders know it). Checked with the staff API's own schemas before sending; the server's field
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
      if (error.code === 'STF162') {
        // The unknown brands, categories or products, each by its field (the message names them).
        const fields = new Set(error.fields.map((field) => field.field.replace(/^body\./, '')))
        for (const name of ['brands', 'categories', 'products'] as const) {
          if (fields.has(name)) form.setError(name, { message: error.message })
        }
      }
    },
  })
  const submit = form.handleSubmit((body) => save.mutate(body))
  const { errors } = form.formState
  const type = form.watch('type')
  const brandNames = useBrandNames()
  // The group's brands, and any other the voucher already names.
  const brandIds = [
    ...brandNames.options.map((option) => option.value as number),
    ...(voucher?.brands ?? []).filter((id) => !brandNames.options.some((option) => option.value === id)),
  ]
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
      <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t('vouchers.rules')}</legend>
        <p className="text-sm text-slate-600">{t('vouchers.rulesHint')}</p>
        <fieldset aria-describedby="voucher-brands-error">
          <legend className="text-sm font-medium">{t('vouchers.brands')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {brandIds.map((id) => (
              <label key={id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                <input type="checkbox" value={String(id)} {...form.register('brands')} />{' '}
                {brandNames.nameOf(id)}
              </label>
            ))}
          </div>
          {errors.brands?.message && (
            <p id="voucher-brands-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.brands.message}
            </p>
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('categories', t('vouchers.categories'), {
            hint: t('vouchers.categoriesHint'),
            inputMode: 'numeric',
          })}
          {text('products', t('vouchers.products'), { hint: t('vouchers.productsHint') })}
          {text('per_customer_limit', t('vouchers.perCustomerLimit'), {
            hint: t('vouchers.perCustomerLimitHint'),
            type: 'number',
            inputMode: 'numeric',
          })}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
          <input type="checkbox" {...form.register('first_order_only')} /> {t('vouchers.firstOrderOnly')}
        </label>
      </fieldset>
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
