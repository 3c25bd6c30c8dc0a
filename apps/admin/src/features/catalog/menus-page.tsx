import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  AdminMenuCreateBodySchema,
  AdminMenuUpdateBodySchema,
  type AdminMenu,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStructureEditor } from './use-structure-editor.ts'
import { Button, Card, ErrorNote, Input, Loading, PageHeader, Select } from '../../components/ui.tsx'
import { BrandPicker, useBrandParam } from './brand-picker.tsx'

type MenuForm = {
  name: string
  category_name: string
  parent_id: string
  priority: string
  is_child: boolean
}

const formOf = (menu?: AdminMenu): MenuForm => ({
  name: menu?.name ?? '',
  category_name: menu?.category_name ?? '',
  parent_id: menu?.parent_id ? String(menu.parent_id) : '',
  priority: String(menu?.priority ?? 0),
  is_child: menu?.is_child ?? false,
})

const bodyOf = (form: MenuForm) => ({
  name: form.name,
  category_name: form.category_name.trim(),
  parent_id: form.parent_id ? Number(form.parent_id) : null,
  priority: Number(form.priority || '0'),
  is_child: form.is_child,
})

/** A brand's navigation: entries that open a category, nested under headings. */
export function MenusPage() {
  const { t } = useTranslation()
  const [brand, setBrand] = useBrandParam()
  const query = useQuery({
    queryKey: ['menus', brand],
    queryFn: () => staffApi<AdminMenu[]>('GET', '/menus', { query: { id_brand: brand } }),
  })
  const menus = query.data ?? []
  const ordered = menus
    .filter((menu) => menu.parent_id === null)
    .flatMap((top) => [top, ...menus.filter((menu) => menu.parent_id === top.id)])
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('menus.title')} />
      <BrandPicker value={brand} onChange={setBrand} />
      <Card title={t('menus.new')}>
        <MenuRow key={`new-${brand}`} brand={brand} parents={menus} />
      </Card>
      <Card title={t('menus.list')}>
        {query.isPending ? (
          <Loading />
        ) : query.error ? (
          <ErrorNote error={query.error} />
        ) : (
          <div className="flex flex-col divide-y divide-slate-100">
            {ordered.map((menu) => (
              <div key={menu.id} className={menu.parent_id ? 'pl-6' : ''}>
                <MenuRow brand={brand} menu={menu} parents={menus} />
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  )
}

/**
 * A menu entry's name as its form is called: the same name in both lines ("Sale" of the main line
 * and of the junior line) or under two parents gets the line and the parent, so each form is a
 * landmark of its own (issue 29).
 */
function entryName(menu: AdminMenu, menus: AdminMenu[], t: TFunction) {
  const parent = menus.find((other) => other.id === menu.parent_id)
  const name = parent ? t('menus.entryUnder', { name: menu.name, parent: parent.name }) : menu.name
  return menu.is_child ? t('menus.entryJunior', { name }) : name
}

function MenuRow({ brand, menu, parents }: { brand: number; menu?: AdminMenu; parents: AdminMenu[] }) {
  const { t } = useTranslation()
  const { form, invalid, save, remove, submit } = useStructureEditor({
    path: 'menus',
    brand,
    row: menu,
    formOf: formOf,
    bodyOf,
    createSchema: AdminMenuCreateBodySchema,
    updateSchema: AdminMenuUpdateBodySchema,
  })
  const input = (name: 'name' | 'category_name' | 'priority', label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium">
      {label}
      <Input {...form.register(name)} />
    </label>
  )
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={menu ? entryName(menu, parents, t) : t('menus.new')}
      className="flex flex-col gap-2 py-3"
    >
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_6rem_auto_auto] sm:items-end">
        {input('name', t('menus.name'))}
        {input('category_name', t('menus.category'))}
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t('menus.parent')}
          <Select {...form.register('parent_id')}>
            <option value="">{t('menus.top')}</option>
            {parents
              .filter((parent) => parent.parent_id === null && parent.id !== menu?.id)
              .map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.name}
                </option>
              ))}
          </Select>
        </label>
        {input('priority', t('sliders.priority'))}
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" {...form.register('is_child')} /> {t('products.junior')}
        </label>
        <div className="flex gap-1">
          <Button type="submit" look={menu ? 'secondary' : 'primary'} disabled={save.isPending}>
            {menu ? t('common.save') : t('menus.create')}
          </Button>
          {menu && (
            <Button
              look="danger"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
              aria-label={`${t('common.delete')} ${menu.name}`}
            >
              ✕
            </Button>
          )}
        </div>
      </div>
      {invalid && (
        <p role="alert" className="text-xs text-red-700">
          {invalid}
        </p>
      )}
      <ErrorNote error={save.error ?? remove.error} />
    </form>
  )
}
