import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminVariantCreateBodySchema,
  AdminVariantUpdateBodySchema,
  formatIdr,
  type AdminProduct,
  type AdminVariant,
  type AdminVariantCreateBody,
  type AdminVariantUpdateBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { errorsText, formSchema } from '../../lib/form-issues.ts'
import { ScrollFrame } from '../../components/scroll-frame.tsx'
import { Button, Card, ErrorNote, Input } from '../../components/ui.tsx'
import { useProductSaved } from './catalog.api.ts'

const productUrl = (product: AdminProduct) => `/products/${encodeURIComponent(product.product_code)}`

/** Sizes with their SKU, price and packed weight; stock is shown, and changed on the stock screen. */
export function VariantsCard({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  return (
    <Card title={t('variants.title')}>
      <ScrollFrame label={t('variants.title')}>
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="text-left text-xs uppercase text-slate-500">
              <th className="py-1">{t('variants.size')}</th>
              <th className="py-1">{t('variants.sku')}</th>
              <th className="py-1">{t('variants.price')}</th>
              <th className="py-1">{t('variants.weight')}</th>
              <th className="py-1">{t('variants.stock')}</th>
              <th>
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variant.map((variant) => (
              <VariantRow key={variant.sku_product} product={product} variant={variant} />
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      <NewVariant product={product} />
    </Card>
  )
}

type VariantForm = { ukuran: string; selling_price: string; weight_grams: string }

/** Price and weight are typed as text and sent as numbers (text that is not a number is refused). */
const VariantSchema = formSchema(
  AdminVariantUpdateBodySchema,
  (form: VariantForm) => ({
    ukuran: form.ukuran,
    selling_price: Number(form.selling_price),
    weight_grams: Number(form.weight_grams),
  }),
  'ukuran',
)

function VariantRow({ product, variant }: { product: AdminProduct; variant: AdminVariant }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const form = useForm<VariantForm, unknown, AdminVariantUpdateBody>({
    resolver: zodResolver(VariantSchema),
    defaultValues: {
      ukuran: variant.ukuran,
      selling_price: String(variant.selling_price),
      weight_grams: String(variant.weight_grams),
    },
  })
  const draft = form.watch()
  const url = `${productUrl(product)}/variants/${encodeURIComponent(variant.sku_product)}`
  const save = useMutation({
    mutationFn: (body: AdminVariantUpdateBody) => staffApi<AdminProduct>('PATCH', url, { body }),
    onSuccess: saved,
  })
  const remove = useMutation({ mutationFn: () => staffApi<AdminProduct>('DELETE', url), onSuccess: saved })
  const changed =
    draft.ukuran !== variant.ukuran ||
    Number(draft.selling_price) !== variant.selling_price ||
    Number(draft.weight_grams) !== variant.weight_grams
  // The row sits in a table, where a <form> may not: its Save button submits it.
  const submit = form.handleSubmit((body) => save.mutate(body))
  const invalid = errorsText(form.formState.errors) || null
  const cell = (name: keyof VariantForm, label: string, width: string) => (
    <Input
      aria-label={`${label} ${variant.sku_product}`}
      inputMode={name === 'ukuran' ? undefined : 'numeric'}
      className={width}
      {...form.register(name)}
    />
  )
  return (
    <>
      <tr className="align-top">
        <td className="py-1 pr-2">{cell('ukuran', t('variants.size'), 'w-20')}</td>
        <td className="py-1 pr-2 font-mono text-xs break-all">{variant.sku_product}</td>
        <td className="py-1 pr-2">
          {cell('selling_price', t('variants.price'), 'w-28')}
          <div className="text-xs text-slate-500">{formatIdr(Number(draft.selling_price) || 0)}</div>
        </td>
        <td className="py-1 pr-2">{cell('weight_grams', t('variants.weight'), 'w-20')}</td>
        <td className="py-1 pr-2 leading-9">{variant.stock}</td>
        <td className="flex gap-1 py-1">
          <Button look="secondary" disabled={!changed || save.isPending} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
          <Button
            look="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={`${t('variants.remove')} ${variant.sku_product}`}
          >
            ✕
          </Button>
        </td>
      </tr>
      {(invalid || save.error || remove.error) && (
        <tr>
          <td colSpan={6}>
            {invalid && (
              <p role="alert" className="text-xs text-red-700">
                {invalid}
              </p>
            )}
            <ErrorNote error={save.error ?? remove.error} />
          </td>
        </tr>
      )}
    </>
  )
}

type NewVariantForm = { sku_product: string; ukuran: string; selling_price: string; weight_grams: string }
const NewVariantSchema = formSchema(
  AdminVariantCreateBodySchema,
  (values: NewVariantForm) => ({
    ...values,
    selling_price: Number(values.selling_price),
    weight_grams: Number(values.weight_grams),
  }),
  'sku_product',
)

function NewVariant({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const form = useForm<NewVariantForm, unknown, AdminVariantCreateBody>({
    resolver: zodResolver(NewVariantSchema),
    defaultValues: { sku_product: '', ukuran: '', selling_price: '', weight_grams: '300' },
  })
  const add = useMutation({
    mutationFn: (body: AdminVariantCreateBody) =>
      staffApi<AdminProduct>('POST', `${productUrl(product)}/variants`, { body }),
    onSuccess: (answer) => {
      saved(answer)
      form.reset()
    },
  })
  const submit = form.handleSubmit((body) => add.mutate(body))
  const { errors } = form.formState
  const field = (name: keyof NewVariantForm, label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      {label}
      <Input aria-invalid={Boolean(errors[name])} {...form.register(name)} />
      {errors[name] && <span className="font-normal text-red-700">{errors[name]?.message}</span>}
    </label>
  )
  return (
    <form noValidate onSubmit={submit} className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="mb-2 text-sm font-semibold">{t('variants.add')}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:items-end">
        {field('ukuran', t('variants.size'))}
        {field('sku_product', t('variants.sku'))}
        {field('selling_price', t('variants.price'))}
        {field('weight_grams', t('variants.weight'))}
        <Button type="submit" disabled={add.isPending}>
          {t('variants.addButton')}
        </Button>
      </div>
      <div className="mt-2">
        <ErrorNote error={add.error} />
      </div>
    </form>
  )
}
