import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminSliderCreateBodySchema,
  AdminSliderUpdateBodySchema,
  type AdminSlider,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStructureEditor } from './use-structure-editor.ts'
import { Button, Card, ErrorNote, Input, Loading, PageHeader } from '../../components/ui.tsx'
import { BrandPicker, useBrandParam } from './brand-picker.tsx'
import { codesOf } from './catalog.api.ts'

type SliderForm = {
  title: string
  category_name: string
  link_brand: string
  product_codes: string
  url_image: string
  priority: string
  is_child: boolean
}

const emptyForm = (brand: number): SliderForm => ({
  title: '',
  category_name: '',
  link_brand: String(brand),
  product_codes: '',
  url_image: '',
  priority: '0',
  is_child: false,
})

const formOf = (slider: AdminSlider): SliderForm => ({
  title: slider.title,
  category_name: slider.category_name,
  link_brand: String(slider.link_brand),
  product_codes: slider.product_codes.join(', '),
  url_image: slider.url_image.join('\n'),
  priority: String(slider.priority),
  is_child: slider.is_child,
})

const bodyOf = (form: SliderForm) => ({
  title: form.title,
  category_name: form.category_name.trim(),
  link_brand: Number(form.link_brand),
  product_codes: codesOf(form.product_codes),
  url_image: form.url_image
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  priority: Number(form.priority || '0'),
  is_child: form.is_child,
})

/** The home carousels of a brand: banners, the category they open and the products they list. */
export function SlidersPage() {
  const { t } = useTranslation()
  const [brand, setBrand] = useBrandParam()
  const query = useQuery({
    queryKey: ['sliders', brand],
    queryFn: () => staffApi<AdminSlider[]>('GET', '/sliders', { query: { id_brand: brand } }),
  })
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('sliders.title')} />
      <BrandPicker value={brand} onChange={setBrand} />
      <SliderEditor key={`new-${brand}`} brand={brand} />
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        query.data.map((slider) => <SliderEditor key={slider.id} brand={brand} slider={slider} />)
      )}
    </div>
  )
}

function SliderEditor({ brand, slider }: { brand: number; slider?: AdminSlider }) {
  const { t } = useTranslation()
  const { form, invalid, save, remove, submit } = useStructureEditor({
    path: 'sliders',
    brand,
    row: slider,
    formOf: (row?: AdminSlider) => (row ? formOf(row) : emptyForm(brand)),
    bodyOf,
    createSchema: AdminSliderCreateBodySchema,
    updateSchema: AdminSliderUpdateBodySchema,
  })
  const input = (name: Exclude<keyof SliderForm, 'is_child'>, label: string, hint?: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <Input {...form.register(name)} />
      {hint && <span className="text-xs font-normal text-slate-500">{hint}</span>}
    </label>
  )
  return (
    <Card
      title={slider ? `${slider.title || slider.category_name} (${slider.category_name})` : t('sliders.new')}
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label={
          slider
            ? t('sliders.edit', {
                title: `${slider.title || slider.category_name} (${slider.category_name})`,
              })
            : t('sliders.new')
        }
        className="flex flex-col gap-3"
      >
        <div className="grid gap-3 sm:grid-cols-4">
          {input('title', t('sliders.titleField'))}
          {input('category_name', t('sliders.category'), t('sliders.categoryHint'))}
          {input('link_brand', t('sliders.linkBrand'))}
          {input('priority', t('sliders.priority'), t('sliders.priorityHint'))}
        </div>
        {input('product_codes', t('sliders.products'), t('products.codesHint'))}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('sliders.images')}
          <textarea
            rows={2}
            {...form.register('url_image')}
            className="rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
          />
          <span className="text-xs font-normal text-slate-500">{t('sliders.imagesHint')}</span>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('is_child')} /> {t('products.junior')}
        </label>
        {invalid && (
          <p role="alert" className="text-sm text-red-700">
            {invalid}
          </p>
        )}
        <ErrorNote error={save.error ?? remove.error} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {slider ? t('common.save') : t('sliders.create')}
          </Button>
          {slider && (
            <Button look="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('common.delete')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  )
}
