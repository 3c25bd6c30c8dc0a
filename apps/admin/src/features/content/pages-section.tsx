import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminAboutBodySchema,
  AdminPageCreateSchema,
  AdminPageUpdateSchema,
  type AdminPage,
} from '@busana/contract/schemas'
import { ApiError } from '../../lib/api.ts'
import { Card } from '../../components/ui.tsx'
import { EntityForm, type FieldSpec } from './entity-form.tsx'
import { EntityList } from './entity-list.tsx'
import { call, Pending, rowCalls, shown } from './content-shared.tsx'

export const pageFields = (t: (key: string) => string, withId: boolean): FieldSpec[] => [
  ...(withId
    ? [
        {
          name: 'id',
          label: t('content.pageId'),
          kind: 'text',
          createOnly: true,
          hint: t('content.pageIdHint'),
        } as FieldSpec,
      ]
    : []),
  { name: 'judul_id', label: t('content.titleId'), kind: 'text', half: true },
  { name: 'judul_en', label: t('content.titleEn'), kind: 'text', half: true },
  { name: 'konten_id', label: t('content.bodyId'), kind: 'html' },
  { name: 'konten_en', label: t('content.bodyEn'), kind: 'html' },
]

export function AboutSection() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: ['content', 'about'],
    queryFn: async () => {
      try {
        return await call<AdminPage>('GET', '/about')
      } catch (error) {
        // Not written yet (404 CNT004): the form starts empty and saving makes it.
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  })
  if (query.data === undefined) return <Pending query={query} />
  return (
    <Card title={t('content.section.about')}>
      <p className="mb-3 text-sm text-slate-600">{t('content.aboutIntro')}</p>
      <EntityForm
        formLabel={t('content.section.about')}
        fields={pageFields(t, false)}
        row={query.data ?? { judul_id: 'Tentang kami', judul_en: 'About us', konten_id: '', konten_en: '' }}
        schema={AdminAboutBodySchema}
        save={(body) => call('PUT', '/about', body)}
        onSaved={(row) => queryClient.setQueryData(['content', 'about'], row)}
      />
    </Card>
  )
}

export function PagesSection() {
  const { t } = useTranslation()
  const query = useQuery({
    queryKey: ['content', 'pages'],
    queryFn: () => call<AdminPage[]>('GET', '/pages'),
  })
  if (!query.data) return <Pending query={query} />
  return (
    <EntityList
      title={t('content.section.pages')}
      rows={query.data.filter((page) => page.id !== 'about')}
      keyOf={(row) => shown(row.id)}
      nameOf={(row) => shown(row.judul_en) || shown(row.id)}
      columns={[
        {
          id: 'title',
          header: t('content.titleField'),
          cell: (row) => (
            <div>
              <div className="font-medium">{shown(row.judul_id)}</div>
              <div className="text-xs text-slate-500">{shown(row.judul_en)}</div>
            </div>
          ),
        },
        { id: 'path', header: t('content.address'), cell: (row) => <code>/pages/{shown(row.id)}</code> },
      ]}
      fields={pageFields(t, true)}
      createSchema={AdminPageCreateSchema}
      updateSchema={AdminPageUpdateSchema}
      {...rowCalls<AdminPage>('/pages')}
      queryKey={['content', 'pages']}
      texts={{
        add: t('content.addPage'),
        addTitle: t('content.newPage'),
        edit: (name) => t('content.editPage', { name }),
        remove: (name) => t('content.removePage', { name }),
        removeText: t('content.removeText'),
      }}
    />
  )
}
