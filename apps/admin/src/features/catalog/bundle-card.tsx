import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { AdminBundleBodySchema, type AdminBundleBody, type AdminProduct } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, Card, ErrorNote, Input, SuccessNote } from '../../components/ui.tsx'
import { codesOf, useProductSaved } from './catalog.api.ts'

const SLOTS = [1, 2, 3, 4, 5] as const
type SlotKey = `bundling_option_${(typeof SLOTS)[number]}`
type BundleForm = { is_bundling: boolean; max_bundling: string; limit_qty_bundling: string } & Record<
  SlotKey,
  string
>

/** The form as the staff API takes it: counts as numbers, each slot's codes as a list. */
const BundleSchema = formSchema(
  AdminBundleBodySchema,
  (values: BundleForm) => ({
    is_bundling: values.is_bundling,
    max_bundling: Number(values.max_bundling || '0'),
    limit_qty_bundling: Number(values.limit_qty_bundling || '0'),
    ...Object.fromEntries(
      SLOTS.map((n) => [`bundling_option_${n}`, codesOf(values[`bundling_option_${n}`])]),
    ),
  }),
  'is_bundling',
)

/** A bundle: bought as exactly max_bundling pieces from its slots' products (docs/product/shopping.md §5, §8). */
export function BundleCard({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const form = useForm<BundleForm, unknown, AdminBundleBody>({
    resolver: zodResolver(BundleSchema),
    values: {
      is_bundling: product.is_bundling,
      max_bundling: String(product.max_bundling),
      limit_qty_bundling: String(product.limit_qty_bundling),
      ...(Object.fromEntries(
        SLOTS.map((n) => [`bundling_option_${n}`, product[`bundling_option_${n}`].join(', ')]),
      ) as Record<SlotKey, string>),
    },
  })
  const save = useMutation({
    mutationFn: (body: AdminBundleBody) =>
      staffApi<AdminProduct>('PUT', `/products/${encodeURIComponent(product.product_code)}/bundle`, { body }),
    onSuccess: saved,
  })
  const submit = form.handleSubmit((body) => save.mutate(body))
  const { errors } = form.formState
  const bundling = form.watch('is_bundling')
  const number = (name: 'max_bundling' | 'limit_qty_bundling', label: string, hint: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <Input inputMode="numeric" aria-invalid={Boolean(errors[name])} {...form.register(name)} />
      <span className={`text-xs font-normal ${errors[name] ? 'text-red-700' : 'text-slate-500'}`}>
        {errors[name]?.message ?? hint}
      </span>
    </label>
  )
  return (
    <Card title={t('bundle.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('is_bundling')} /> {t('bundle.isBundle')}
        </label>
        {errors.is_bundling && <p className="text-xs text-red-700">{errors.is_bundling.message}</p>}
        {bundling && (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              {number('max_bundling', t('bundle.max'), t('bundle.maxHint'))}
              {number('limit_qty_bundling', t('bundle.limit'), t('bundle.limitHint'))}
            </div>
            {SLOTS.map((n) => (
              <label key={n} className="flex flex-col gap-1 text-sm font-medium">
                {t('bundle.slot', { n })}
                <Input
                  aria-invalid={Boolean(errors[`bundling_option_${n}`])}
                  placeholder={t('bundle.slotHint')}
                  {...form.register(`bundling_option_${n}`)}
                />
                {errors[`bundling_option_${n}`] && (
                  <span className="text-xs font-normal text-red-700">
                    {errors[`bundling_option_${n}`]?.message}
                  </span>
                )}
              </label>
            ))}
          </>
        )}
        <ErrorNote error={save.error} />
        {save.isSuccess && !form.formState.isDirty && <SuccessNote>{t('common.saved')}</SuccessNote>}
        <Button type="submit" look="secondary" disabled={save.isPending} className="self-start">
          {t('bundle.save')}
        </Button>
      </form>
    </Card>
  )
}
