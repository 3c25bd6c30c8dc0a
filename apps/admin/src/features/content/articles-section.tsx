import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminArticleCreateSchema,
  AdminArticleUpdateSchema,
  type AdminArticle,
} from '@busana/contract/schemas'
import { ShopTime } from '../../components/ui.tsx'
import { type FieldSpec } from './entity-form.tsx'
import { EntityList } from './entity-list.tsx'
import { call, Pending, rowCalls, shown } from './content-shared.tsx'

export function ArticlesSection() {
  const { t } = useTranslation()
  const query = useQuery({
    queryKey: ['content', 'articles'],
    queryFn: () => call<AdminArticle[]>('GET', '/articles'),
  })
  if (!query.data) return <Pending query={query} />
  const fields: FieldSpec[] = [
    { name: 'slug', label: t('content.slug'), kind: 'text', createOnly: true, hint: t('content.slugHint') },
    {
      name: 'published_at',
      label: t('content.publishedAt'),
      kind: 'datetime',
      hint: t('content.publishedHint'),
      half: true,
    },
    { name: 'icon', label: t('content.picture'), kind: 'text', hint: t('content.iconHint'), half: true },
    { name: 'judul_id', label: t('content.titleId'), kind: 'text' },
    { name: 'konten_id', label: t('content.bodyId'), kind: 'html' },
    { name: 'judul_en', label: t('content.titleEn'), kind: 'text' },
    { name: 'konten_en', label: t('content.bodyEn'), kind: 'html' },
  ]
  return (
    <EntityList
      title={t('content.section.articles')}
      rows={query.data}
      keyOf={(row) => shown(row.slug)}
      nameOf={(row) => shown(row.judul_en)}
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
        { id: 'slug', header: t('content.slug'), cell: (row) => <code>{shown(row.slug)}</code> },
        {
          id: 'published',
          header: t('content.publishedAt'),
          cell: (row) => <ShopTime at={shown(row.published_at)} />,
        },
      ]}
      fields={fields}
      createSchema={AdminArticleCreateSchema}
      updateSchema={AdminArticleUpdateSchema}
      {...rowCalls<AdminArticle>('/articles')}
      queryKey={['content', 'articles']}
      texts={{
        add: t('content.addArticle'),
        addTitle: t('content.newArticle'),
        edit: (name) => t('content.editArticle', { name }),
        remove: (name) => t('content.removeArticle', { name }),
        removeText: t('content.removeText'),
      }}
    />
  )
}
