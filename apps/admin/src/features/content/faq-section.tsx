import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminFaqCategoryCreateSchema,
  AdminFaqCategoryUpdateSchema,
  AdminFaqItemCreateSchema,
  AdminFaqItemUpdateSchema,
  type AdminFaqCategory,
  type AdminFaqItem,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { Field, Select } from '../../components/ui.tsx'
import { type FieldSpec } from './entity-form.tsx'
import { EntityList } from './entity-list.tsx'
import { call, Pending, rowCalls, shown } from './content-shared.tsx'

export function FaqSection() {
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
          rows={categories.data}
          keyOf={(row) => shown(row.category_code)}
          nameOf={(row) => shown(row.name_en)}
          columns={[
            {
              id: 'code',
              header: t('content.code'),
              cell: (row) => <code>{shown(row.category_code)}</code>,
            },
            { id: 'name_id', header: t('content.nameId'), cell: (row) => shown(row.name_id) },
            { id: 'name_en', header: t('content.nameEn'), cell: (row) => shown(row.name_en) },
            { id: 'position', header: t('content.position'), cell: (row) => shown(row.position) },
            { id: 'questions', header: t('content.questions'), cell: (row) => shown(row.questions) },
          ]}
          fields={categoryFields}
          createSchema={AdminFaqCategoryCreateSchema}
          updateSchema={AdminFaqCategoryUpdateSchema}
          {...rowCalls<AdminFaqCategory>('/faq-categories')}
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
          rows={items.data}
          keyOf={(row) => shown(row.slug)}
          nameOf={(row) => shown(row.name_en)}
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
                  <div className="font-medium">{shown(row.name_id)}</div>
                  <div className="text-xs text-slate-500">{shown(row.name_en)}</div>
                </div>
              ),
            },
            {
              id: 'category',
              header: t('content.category'),
              cell: (row) => <code>{shown(row.category_code)}</code>,
            },
            { id: 'slug', header: t('content.slug'), cell: (row) => <code>{shown(row.slug)}</code> },
            { id: 'position', header: t('content.position'), cell: (row) => shown(row.position) },
          ]}
          fields={itemFields}
          createSchema={AdminFaqItemCreateSchema}
          updateSchema={AdminFaqItemUpdateSchema}
          {...rowCalls<AdminFaqItem>('/faq-items')}
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
