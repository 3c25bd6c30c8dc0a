import { lazy, Suspense } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminProductUpdateBodySchema,
  CATEGORY_MENUS,
  COLOUR_FAMILIES,
  isColourFamily,
  PRODUCT_LABLES,
  PRODUCT_STATUSES,
  SLIDE_OPTIONS,
  THUMBNAILS,
  type AdminProduct,
  type AdminProductUpdateBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, Card, ErrorNote, Field, Input, Loading, Select, SuccessNote } from '../../components/ui.tsx'
import { codesOf, useCategories, useProductSaved } from './catalog.api.ts'
import { useBrandNames } from '../../lib/brands.ts'
import { ColourSwatch, useColourName } from './colour-family.tsx'

/** The editor (Tiptap, about 100 kB) loads with the product's page, not with the back office. */
const RichTextEditor = lazy(() =>
  import('../../components/rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })),
)

type DetailsForm = {
  product_name: string
  product_name_alt: string
  description: string
  product_lable: string
  category_menu: string
  status: string
  thumbnail: string
  slide_option: string
  countdown: boolean
  end_at: string
  harga_coret: string
  judul_related: string
  related_products: string
  canonical_product_code: string
  canonical_product_master_name: string
  id_brand: string
  is_child: boolean
  /** A family of the list, or '' for none. */
  colour_family: string
  /** No returns (issue 40); the product page says so. */
  final_sale: boolean
  category_ids: string[]
}

const formOf = (product: AdminProduct): DetailsForm => ({
  product_name: product.product_name,
  product_name_alt: product.product_name_alt,
  description: product.description,
  product_lable: product.product_lable,
  category_menu: product.category_menu,
  status: product.status,
  thumbnail: product.thumbnail,
  slide_option: product.slide_option,
  countdown: product.countdown,
  // '2026-12-01T20:00:00+07:00' → the shop's wall clock for <input type="datetime-local">.
  end_at: product.end_at ? product.end_at.slice(0, 16) : '',
  harga_coret: product.harga_coret === '' ? '0' : product.harga_coret,
  judul_related: product.judul_related,
  related_products: product.related_products.join(', '),
  canonical_product_code: product.canonical_product_code ?? '',
  canonical_product_master_name: product.canonical_product_master_name ?? '',
  id_brand: String(product.id_brand),
  is_child: product.is_child,
  colour_family: product.colour_family ?? '',
  final_sale: product.final_sale,
  category_ids: product.category_ids.map(String),
})

/** What the form holds, as the staff API takes it. */
const bodyOf = (form: DetailsForm) => ({
  ...form,
  end_at: form.end_at || null,
  harga_coret: Number(form.harga_coret || '0'),
  related_products: codesOf(form.related_products),
  canonical_product_code: form.canonical_product_code.trim() || null,
  canonical_product_master_name: form.canonical_product_master_name.trim() || null,
  id_brand: Number(form.id_brand),
  // '' is "none": cleared on the server; anything else the contract checks against the list.
  colour_family: form.colour_family || null,
  category_ids: form.category_ids.map(Number),
})

/** Checked with the staff API's own schema before sending; a refusal of the whole body shows under the name. */
const DetailsSchema = formSchema(AdminProductUpdateBodySchema, bodyOf, 'product_name')

/** The product's own fields: names, description (HTML, cleaned by the server), labels, colour family, final sale, countdown, related, brand and categories. */
export function ProductDetailsForm({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const brandNames = useBrandNames()
  const form = useForm<DetailsForm, unknown, AdminProductUpdateBody>({
    resolver: zodResolver(DetailsSchema),
    values: formOf(product),
  })
  const colourName = useColourName()
  const colour = form.watch('colour_family')
  const idBrand = Number(form.watch('id_brand'))
  const categories = useCategories(idBrand || undefined)
  const save = useMutation({
    mutationFn: (body: AdminProductUpdateBody) =>
      staffApi<AdminProduct>('PATCH', `/products/${encodeURIComponent(product.product_code)}`, { body }),
    onSuccess: saved,
  })
  const submit = form.handleSubmit((body) => save.mutate(body))
  const { errors } = form.formState
  const text = (name: keyof DetailsForm, label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[name]?.message}>
      {(props) => <Input {...props} {...form.register(name)} />}
    </Field>
  )
  const choice = (name: keyof DetailsForm, label: string, options: readonly string[], none: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(props) => (
        <Select {...props} {...form.register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option === '' ? none : option}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
  return (
    <Card title={t('products.details')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {text('product_name', t('products.name'))}
        {text('product_name_alt', t('products.nameAlt'), t('products.nameAltHint'))}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('products.brand')} error={errors.id_brand?.message}>
            {(props) => (
              <Select {...props} {...form.register('id_brand')}>
                {/* The group's ids from the start, named when the names arrive: options that came
                    later left the select showing the first brand, not the product's. */}
                {brandNames.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" {...form.register('is_child')} /> {t('products.junior')}
          </label>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" aria-describedby="final-sale-hint" {...form.register('final_sale')} />
            {t('products.finalSale')}
          </label>
          <p id="final-sale-hint" className="text-xs text-slate-500">
            {t('products.finalSaleHint')}
          </p>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-700">{t('products.categories')}</legend>
          <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm">
            {categories.data?.map((category) => (
              <label key={category.id} className="flex items-center gap-1">
                <input type="checkbox" value={String(category.id)} {...form.register('category_ids')} />
                {category.title || category.name}
                <span className="text-xs text-slate-500">({category.name})</span>
              </label>
            ))}
          </div>
          {errors.category_ids && <p className="text-xs text-red-700">{errors.category_ids.message}</p>}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          {choice('product_lable', t('products.label'), PRODUCT_LABLES, t('products.none'))}
          {choice('category_menu', t('products.preorder'), CATEGORY_MENUS, t('products.none'))}
          {choice('status', t('products.status'), PRODUCT_STATUSES, '')}
          {choice('thumbnail', t('products.thumbnail'), THUMBNAILS, '')}
          {choice('slide_option', t('products.slideOption'), SLIDE_OPTIONS, '')}
          {text('harga_coret', t('products.struckPrice'), t('products.struckPriceHint'))}
          <Field
            label={t('products.colourFamily')}
            hint={t('products.colourFamilyHint')}
            error={errors.colour_family?.message}
          >
            {(props) => (
              <div className="flex items-center gap-2">
                <ColourSwatch family={isColourFamily(colour) ? colour : null} />
                <Select {...props} {...form.register('colour_family')} className="flex-1">
                  <option value="">{t('products.none')}</option>
                  {COLOUR_FAMILIES.map((family) => (
                    <option key={family} value={family}>
                      {colourName(family)}
                    </option>
                  ))}
                </Select>
              </div>
            )}
          </Field>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" {...form.register('countdown')} /> {t('products.countdown')}
          </label>
          <Field label={t('products.endAt')} hint={t('products.endAtHint')} error={errors.end_at?.message}>
            {(props) => <Input {...props} type="datetime-local" {...form.register('end_at')} />}
          </Field>
        </div>
        <Field
          label={t('products.description')}
          hint={t('products.descriptionHint')}
          error={errors.description?.message}
        >
          {(props) => (
            <Controller
              control={form.control}
              name="description"
              render={({ field }) => (
                <Suspense fallback={<Loading />}>
                  <RichTextEditor
                    {...props}
                    label={t('products.description')}
                    value={field.value}
                    onChange={field.onChange}
                  />
                </Suspense>
              )}
            />
          )}
        </Field>
        {text('judul_related', t('products.relatedTitle'))}
        {text('related_products', t('products.related'), t('products.codesHint'))}
        <div className="grid gap-3 sm:grid-cols-2">
          {text('canonical_product_code', t('products.canonicalCode'))}
          {text('canonical_product_master_name', t('products.canonicalName'))}
        </div>
        <ErrorNote error={save.error} />
        {save.isSuccess && !form.formState.isDirty && <SuccessNote>{t('common.saved')}</SuccessNote>}
        <Button type="submit" disabled={save.isPending} className="self-start">
          {t('common.save')}
        </Button>
      </form>
    </Card>
  )
}
