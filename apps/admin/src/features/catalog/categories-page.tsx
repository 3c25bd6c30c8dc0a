import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  AdminCategoryCreateBodySchema,
  AdminCategoryUpdateBodySchema,
  type AdminCategory,
} from '@busana/contract/schemas'
import { useStructureEditor } from './use-structure-editor.ts'
import { Button, Card, ErrorNote, Input, Loading, PageHeader } from '../../components/ui.tsx'
import { BrandPicker, useBrandParam } from './brand-picker.tsx'
import { useCategories } from './catalog.api.ts'

type CategoryForm = {
  name: string
  title: string
  priority: string
  url_image: string
  in_grid: boolean
  is_child: boolean
}

const formOf = (category?: AdminCategory): CategoryForm => ({
  name: category?.name ?? '',
  title: category?.title ?? '',
  priority: String(category?.priority ?? 0),
  url_image: category?.url_image ?? '',
  in_grid: category?.in_grid ?? false,
  is_child: category?.is_child ?? false,
})

const bodyOf = (form: CategoryForm) => ({
  ...form,
  name: form.name.trim(),
  priority: Number(form.priority || '0'),
  url_image: form.url_image.trim(),
})

/** A brand's categories (the listings): their URL name, title, order, picture and place in the home grid. */
export function CategoriesPage() {
  const { t } = useTranslation()
  const [brand, setBrand] = useBrandParam()
  const query = useCategories(brand)
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('categories.title')} />
      <BrandPicker value={brand} onChange={setBrand} />
      <Card title={t('categories.new')}>
        <CategoryRow key={`new-${brand}`} brand={brand} />
      </Card>
      <Card title={t('categories.list')}>
        {query.isPending ? (
          <Loading />
        ) : query.error ? (
          <ErrorNote error={query.error} />
        ) : (
          <div className="flex flex-col divide-y divide-slate-100">
            {query.data.map((category) => (
              <CategoryRow key={category.id} brand={brand} category={category} />
            ))}
          </div>
        )}
      </Card>
    </div>
  )
}

function CategoryRow({ brand, category }: { brand: number; category?: AdminCategory }) {
  const { t } = useTranslation()
  const { form, invalid, save, remove, submit } = useStructureEditor({
    path: 'categories',
    brand,
    row: category,
    formOf: formOf,
    bodyOf,
    createSchema: AdminCategoryCreateBodySchema,
    updateSchema: AdminCategoryUpdateBodySchema,
  })
  const input = (name: 'name' | 'title' | 'priority' | 'url_image', label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium">
      {label}
      <Input {...form.register(name)} />
    </label>
  )
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={category ? category.name : t('categories.new')}
      className="flex flex-col gap-2 py-3"
    >
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_6rem_1fr_auto_auto] sm:items-end">
        {input('name', t('categories.name'))}
        {input('title', t('categories.titleField'))}
        {input('priority', t('sliders.priority'))}
        {input('url_image', t('categories.image'))}
        {/* Each box on a row of 24 px at least (issue 29: WCAG 2.5.8 target size). */}
        <div className="flex flex-col gap-1 text-xs">
          <label className="flex min-h-6 items-center gap-1">
            <input type="checkbox" {...form.register('in_grid')} /> {t('categories.inGrid')}
          </label>
          <label className="flex min-h-6 items-center gap-1">
            <input type="checkbox" {...form.register('is_child')} /> {t('products.junior')}
          </label>
        </div>
        <div className="flex gap-1">
          <Button type="submit" look={category ? 'secondary' : 'primary'} disabled={save.isPending}>
            {category ? t('common.save') : t('categories.create')}
          </Button>
          {category && (
            <Button
              look="danger"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
              aria-label={`${t('common.delete')} ${category.name}`}
            >
              ✕
            </Button>
          )}
        </div>
      </div>
      {category && (
        <p className="flex flex-wrap items-center gap-3 text-xs text-slate-500">
          {t('categories.products', { count: category.products })}
          <Link
            to={`/categories/${category.id}/products?brand=${brand}`}
            className="inline-flex min-h-6 items-center font-medium text-slate-900 underline"
          >
            {t('listing.open', { category: category.title })}
          </Link>
        </p>
      )}
      {invalid && (
        <p role="alert" className="text-xs text-red-700">
          {invalid}
        </p>
      )}
      <ErrorNote error={save.error ?? remove.error} />
    </form>
  )
}
