import { NavLink, Navigate, useParams, useSearchParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminAboutBodySchema,
  AdminArticleCreateSchema,
  AdminArticleUpdateSchema,
  AdminFaqCategoryCreateSchema,
  AdminFaqCategoryUpdateSchema,
  AdminFaqItemCreateSchema,
  AdminFaqItemUpdateSchema,
  AdminPageCreateSchema,
  AdminPageUpdateSchema,
  AdminStoreCreateSchema,
  AdminStoreUpdateSchema,
  BRAND_IDS,
  type AdminArticle,
  type AdminFaqCategory,
  type AdminFaqItem,
  type AdminPage,
  type AdminStore,
} from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { Badge, Card, ErrorNote, Field, Loading, PageHeader, Select, ShopTime } from '../../components/ui.tsx'
import { EntityForm, type FieldSpec } from './entity-form.tsx'
import { EntityList } from './entity-list.tsx'
import { CampaignSection } from './campaign-section.tsx'

export const CONTENT_SECTIONS = ['faq', 'articles', 'about', 'pages', 'stores', 'campaign'] as const
type Section = (typeof CONTENT_SECTIONS)[number]
type Row = Record<string, unknown>

const call = <T,>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  staffApi<T>(method, `/content${path}`, body === undefined ? {} : { body })
const rowsOf = <T,>(rows: T[]) => rows as unknown as Row[]
const text = (row: Row, name: string) => String(row[name] ?? '')

/** The shop's content (owner, marketing): help FAQ, articles, the about page, pages, stores, the campaign popup. */
export function ContentPage() {
  const { t } = useTranslation()
  const { section } = useParams()
  if (!CONTENT_SECTIONS.includes(section as Section)) return <Navigate to="/content/faq" replace />
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('content.title')} />
      <nav aria-label={t('content.sections')} className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {CONTENT_SECTIONS.map((name) => (
          <NavLink
            key={name}
            to={`/content/${name}`}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`
            }
          >
            {t(`content.section.${name}`)}
          </NavLink>
        ))}
      </nav>
      {section === 'faq' && <FaqSection />}
      {section === 'articles' && <ArticlesSection />}
      {section === 'about' && <AboutSection />}
      {section === 'pages' && <PagesSection />}
      {section === 'stores' && <StoresSection />}
      {section === 'campaign' && <CampaignSection />}
    </div>
  )
}

function Pending({ query }: { query: { isPending: boolean; error: unknown } }) {
  if (query.isPending) return <Loading />
  return <ErrorNote error={query.error} />
}

function FaqSection() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const category = params.get('category') ?? ''
  const categories = useQuery({
    queryKey: ['content', 'faq-categories'],
    queryFn: () => call<AdminFaqCategory[]>('GET', '/faq-categories'),
  })
  const items = useQuery({
    queryKey: ['content', 'faq-items', category],
    queryFn: () =>
      staffApi<AdminFaqItem[]>('GET', '/content/faq-items', {
        query: { category_code: category || undefined },
      }),
  })
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.category_code,
    label: `${c.name_id} / ${c.name_en}`,
  }))
  const categoryFields: FieldSpec[] = [
    {
      name: 'category_code',
      label: t('content.code'),
      kind: 'text',
      createOnly: true,
      hint: t('content.slugHint'),
    },
    { name: 'name_id', label: t('content.nameId'), kind: 'text', half: true },
    { name: 'name_en', label: t('content.nameEn'), kind: 'text', half: true },
    { name: 'icon', label: t('content.icon'), kind: 'text', hint: t('content.iconHint'), half: true },
    { name: 'position', label: t('content.position'), kind: 'number', half: true },
  ]
  const itemFields: FieldSpec[] = [
    { name: 'slug', label: t('content.slug'), kind: 'text', createOnly: true, hint: t('content.slugHint') },
    {
      name: 'category_code',
      label: t('content.category'),
      kind: 'select',
      options: categoryOptions,
      half: true,
    },
    { name: 'position', label: t('content.position'), kind: 'number', half: true },
    { name: 'name_id', label: t('content.questionId'), kind: 'text' },
    { name: 'konten_id', label: t('content.answerId'), kind: 'html' },
    { name: 'name_en', label: t('content.questionEn'), kind: 'text' },
    { name: 'konten_en', label: t('content.answerEn'), kind: 'html' },
  ]
  return (
    <div className="flex flex-col gap-4">
      {categories.data ? (
        <EntityList
          title={t('content.faqCategories')}
          rows={rowsOf(categories.data)}
          keyOf={(row) => text(row, 'category_code')}
          nameOf={(row) => text(row, 'name_en')}
          columns={[
            {
              id: 'code',
              header: t('content.code'),
              cell: (row) => <code>{text(row, 'category_code')}</code>,
            },
            { id: 'name_id', header: t('content.nameId'), cell: (row) => text(row, 'name_id') },
            { id: 'name_en', header: t('content.nameEn'), cell: (row) => text(row, 'name_en') },
            { id: 'position', header: t('content.position'), cell: (row) => text(row, 'position') },
            { id: 'questions', header: t('content.questions'), cell: (row) => text(row, 'questions') },
          ]}
          fields={categoryFields}
          createSchema={AdminFaqCategoryCreateSchema}
          updateSchema={AdminFaqCategoryUpdateSchema}
          create={(body) => call<Row>('POST', '/faq-categories', body)}
          update={(key, body) => call<Row>('PATCH', `/faq-categories/${encodeURIComponent(key)}`, body)}
          remove={(key) => call('DELETE', `/faq-categories/${encodeURIComponent(key)}`)}
          queryKey={['content', 'faq-categories']}
          texts={{
            add: t('content.addCategory'),
            addTitle: t('content.newCategory'),
            edit: (name) => t('content.editCategory', { name }),
            remove: (name) => t('content.removeCategory', { name }),
            removeText: t('content.removeCategoryText'),
          }}
        />
      ) : (
        <Pending query={categories} />
      )}
      {items.data && categories.data ? (
        <EntityList
          title={t('content.faqItems')}
          rows={rowsOf(items.data)}
          keyOf={(row) => text(row, 'slug')}
          nameOf={(row) => text(row, 'name_en')}
          toolbar={
            <div className="max-w-xs">
              <Field label={t('content.filterCategory')}>
                {(props) => (
                  <Select
                    {...props}
                    value={category}
                    onChange={(event) => {
                      const next = new URLSearchParams(params)
                      if (event.target.value) next.set('category', event.target.value)
                      else next.delete('category')
                      setParams(next, { replace: true })
                    }}
                  >
                    <option value="">{t('common.all')}</option>
                    {categoryOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          }
          columns={[
            {
              id: 'question',
              header: t('content.question'),
              cell: (row) => (
                <div>
                  <div className="font-medium">{text(row, 'name_id')}</div>
                  <div className="text-xs text-slate-500">{text(row, 'name_en')}</div>
                </div>
              ),
            },
            {
              id: 'category',
              header: t('content.category'),
              cell: (row) => <code>{text(row, 'category_code')}</code>,
            },
            { id: 'slug', header: t('content.slug'), cell: (row) => <code>{text(row, 'slug')}</code> },
            { id: 'position', header: t('content.position'), cell: (row) => text(row, 'position') },
          ]}
          fields={itemFields}
          createSchema={AdminFaqItemCreateSchema}
          updateSchema={AdminFaqItemUpdateSchema}
          create={(body) => call<Row>('POST', '/faq-items', body)}
          update={(key, body) => call<Row>('PATCH', `/faq-items/${encodeURIComponent(key)}`, body)}
          remove={(key) => call('DELETE', `/faq-items/${encodeURIComponent(key)}`)}
          // A question added, moved or deleted changes the categories' counts too.
          queryKey={['content']}
          texts={{
            add: t('content.addQuestion'),
            addTitle: t('content.newQuestion'),
            edit: (name) => t('content.editQuestion', { name }),
            remove: (name) => t('content.removeQuestion', { name }),
            removeText: t('content.removeText'),
          }}
        />
      ) : (
        <Pending query={items} />
      )}
    </div>
  )
}

function ArticlesSection() {
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
      rows={rowsOf(query.data)}
      keyOf={(row) => text(row, 'slug')}
      nameOf={(row) => text(row, 'judul_en')}
      columns={[
        {
          id: 'title',
          header: t('content.titleField'),
          cell: (row) => (
            <div>
              <div className="font-medium">{text(row, 'judul_id')}</div>
              <div className="text-xs text-slate-500">{text(row, 'judul_en')}</div>
            </div>
          ),
        },
        { id: 'slug', header: t('content.slug'), cell: (row) => <code>{text(row, 'slug')}</code> },
        {
          id: 'published',
          header: t('content.publishedAt'),
          cell: (row) => <ShopTime at={text(row, 'published_at')} />,
        },
      ]}
      fields={fields}
      createSchema={AdminArticleCreateSchema}
      updateSchema={AdminArticleUpdateSchema}
      create={(body) => call<Row>('POST', '/articles', body)}
      update={(key, body) => call<Row>('PATCH', `/articles/${encodeURIComponent(key)}`, body)}
      remove={(key) => call('DELETE', `/articles/${encodeURIComponent(key)}`)}
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

const pageFields = (t: (key: string) => string, withId: boolean): FieldSpec[] => [
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

function AboutSection() {
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
        save={(body) => call<Row>('PUT', '/about', body)}
        onSaved={(row) => queryClient.setQueryData(['content', 'about'], row)}
      />
    </Card>
  )
}

function PagesSection() {
  const { t } = useTranslation()
  const query = useQuery({
    queryKey: ['content', 'pages'],
    queryFn: () => call<AdminPage[]>('GET', '/pages'),
  })
  if (!query.data) return <Pending query={query} />
  return (
    <EntityList
      title={t('content.section.pages')}
      rows={rowsOf(query.data.filter((page) => page.id !== 'about'))}
      keyOf={(row) => text(row, 'id')}
      nameOf={(row) => text(row, 'judul_en') || text(row, 'id')}
      columns={[
        {
          id: 'title',
          header: t('content.titleField'),
          cell: (row) => (
            <div>
              <div className="font-medium">{text(row, 'judul_id')}</div>
              <div className="text-xs text-slate-500">{text(row, 'judul_en')}</div>
            </div>
          ),
        },
        { id: 'path', header: t('content.address'), cell: (row) => <code>/pages/{text(row, 'id')}</code> },
      ]}
      fields={pageFields(t, true)}
      createSchema={AdminPageCreateSchema}
      updateSchema={AdminPageUpdateSchema}
      create={(body) => call<Row>('POST', '/pages', body)}
      update={(key, body) => call<Row>('PATCH', `/pages/${encodeURIComponent(key)}`, body)}
      remove={(key) => call('DELETE', `/pages/${encodeURIComponent(key)}`)}
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

function StoresSection() {
  const { t } = useTranslation()
  const query = useQuery({
    queryKey: ['content', 'stores'],
    queryFn: () => call<AdminStore[]>('GET', '/stores'),
  })
  if (!query.data) return <Pending query={query} />
  const brands = BRAND_IDS.map((id) => ({ value: String(id), label: t('content.brandId', { id }) }))
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
      rows={rowsOf(query.data)}
      keyOf={(row) => text(row, 'id')}
      nameOf={(row) => text(row, 'name')}
      columns={[
        {
          id: 'name',
          header: t('content.storeName'),
          cell: (row) => (
            <div>
              <div className="font-medium">{text(row, 'name')}</div>
              <div className="max-w-xs text-xs text-slate-500">{text(row, 'address')}</div>
            </div>
          ),
        },
        {
          id: 'brand',
          header: t('content.brand'),
          cell: (row) => t('content.brandId', { id: text(row, 'id_brand') }),
        },
        { id: 'city', header: t('content.city'), cell: (row) => text(row, 'city') },
        {
          id: 'whatsapp',
          header: t('content.whatsapp'),
          cell: (row) => <span className="whitespace-nowrap">{text(row, 'whatsapp')}</span>,
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
      create={(body) => call<Row>('POST', '/stores', body)}
      update={(key, body) => call<Row>('PATCH', `/stores/${key}`, body)}
      remove={(key) => call('DELETE', `/stores/${key}`)}
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
