import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { AdminStoreCreateSchema, AdminStoreUpdateSchema, type AdminStore } from '@busana/contract/schemas'
import { Badge } from '../../components/ui.tsx'
import { useBrandNames } from '../../lib/brands.ts'
import { type FieldSpec } from './entity-form.tsx'
import { EntityList } from './entity-list.tsx'
import { call, Pending, rowCalls, shown } from './content-shared.tsx'

export function StoresSection() {
  const { t } = useTranslation()
  const query = useQuery({
    queryKey: ['content', 'stores'],
    queryFn: () => call<AdminStore[]>('GET', '/stores'),
  })
  const brandNames = useBrandNames()
  if (!query.data) return <Pending query={query} />
  const brands = brandNames.options.map((option) => ({ ...option, value: String(option.value) }))
  const fields: FieldSpec[] = [
    { name: 'id_brand', label: t('content.brand'), kind: 'select', options: brands, half: true },
    { name: 'position', label: t('content.position'), kind: 'number', half: true },
    { name: 'name', label: t('content.storeName'), kind: 'text' },
    { name: 'address', label: t('content.storeAddress'), kind: 'textarea' },
    { name: 'city', label: t('content.city'), kind: 'text', half: true },
    {
      name: 'whatsapp',
      label: t('content.whatsapp'),
      kind: 'text',
      hint: t('content.whatsappHint'),
      half: true,
    },
    { name: 'map_embed', label: t('content.map'), kind: 'textarea', hint: t('content.mapHint') },
  ]
  return (
    <EntityList
      title={t('content.section.stores')}
      rows={query.data}
      keyOf={(row) => shown(row.id)}
      nameOf={(row) => shown(row.name)}
      columns={[
        {
          id: 'name',
          header: t('content.storeName'),
          cell: (row) => (
            <div>
              <div className="font-medium">{shown(row.name)}</div>
              <div className="max-w-xs text-xs text-slate-500">{shown(row.address)}</div>
            </div>
          ),
        },
        {
          id: 'brand',
          header: t('content.brand'),
          cell: (row) => brandNames.nameOf(row.id_brand),
        },
        { id: 'city', header: t('content.city'), cell: (row) => shown(row.city) },
        {
          id: 'whatsapp',
          header: t('content.whatsapp'),
          cell: (row) => <span className="whitespace-nowrap">{shown(row.whatsapp)}</span>,
        },
        {
          id: 'map',
          header: t('content.map'),
          cell: (row) =>
            row.map_url ? (
              <Badge tone="green">{t('content.mapShown')}</Badge>
            ) : (
              <Badge tone="amber">{t('content.mapNone')}</Badge>
            ),
        },
      ]}
      fields={fields}
      createSchema={AdminStoreCreateSchema}
      updateSchema={AdminStoreUpdateSchema}
      {...rowCalls<AdminStore>('/stores')}
      queryKey={['content', 'stores']}
      texts={{
        add: t('content.addStore'),
        addTitle: t('content.newStore'),
        edit: (name) => t('content.editStore', { name }),
        remove: (name) => t('content.removeStore', { name }),
        removeText: t('content.removeText'),
      }}
    />
  )
}
