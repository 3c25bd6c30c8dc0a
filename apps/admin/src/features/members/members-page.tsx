import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { AdminMemberLookupQuerySchema, type AdminMember } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { DataTable } from '../../components/data-table.tsx'
import { Button, ErrorNote, Field, Input, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { MemberState } from './member-state.tsx'

const column = createColumnHelper<AdminMember>()

/** What was typed, as the look-up's query: an e-mail when it has an @, else a phone. */
const queryOf = (text: string) => {
  const value = text.trim()
  return value.includes('@') ? { email: value } : { phone: value }
}
export const lookupOf = (text: string) => AdminMemberLookupQuerySchema.safeParse(queryOf(text))

type LookupForm = { q: string }
/** The look-up box: empty clears the search (null), anything else must be an e-mail or a phone. */
const LookupSchema = formSchema(
  AdminMemberLookupQuerySchema.nullable(),
  ({ q }: LookupForm) => (q.trim() === '' ? null : queryOf(q)),
  'q',
)

/** Members (owner, support): look one up by e-mail or phone; the search lives in the address. */
export function MembersPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const parsed = q ? lookupOf(q) : null
  const form = useForm<LookupForm, unknown, unknown>({ resolver: zodResolver(LookupSchema), values: { q } })
  // The search lives in the address, a refused one too: its message then survives a reload or a shared link.
  const search = () => {
    const value = form.getValues('q').trim()
    setParams(value ? { q: value } : {}, { replace: true })
  }
  const query = useQuery({
    queryKey: ['members', q],
    queryFn: () => staffApi<AdminMember[]>('GET', '/members', { query: parsed!.data }),
    enabled: Boolean(parsed?.success),
  })
  const columns = [
    column.accessor('nama', {
      header: t('members.name'),
      cell: (info) => (
        <Link to={`/members/${info.row.original.id_pelanggan}`} className="font-medium underline">
          {info.getValue() || t('members.noName')}
        </Link>
      ),
    }),
    column.accessor('email', { header: t('members.email'), cell: (info) => info.getValue() ?? '—' }),
    column.accessor('hp', {
      header: t('members.phone'),
      cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
    }),
    column.display({
      id: 'state',
      header: t('members.state'),
      cell: ({ row }) => <MemberState member={row.original} />,
    }),
    column.accessor('created_at', {
      header: t('members.since'),
      cell: (info) => <ShopTime at={info.getValue()} />,
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('members.title')} />
      <form
        role="search"
        noValidate
        className="flex max-w-xl flex-wrap items-end gap-2"
        onSubmit={form.handleSubmit(search, search)}
      >
        <div className="min-w-64 flex-1">
          <Field
            label={t('members.lookup')}
            hint={t('members.lookupHint')}
            error={
              form.formState.errors.q || (parsed && !parsed.success) ? t('members.lookupInvalid') : undefined
            }
          >
            {(props) => <Input {...props} type="search" {...form.register('q')} />}
          </Field>
        </div>
        <Button type="submit" className="mb-5">
          {t('members.find')}
        </Button>
      </form>
      {!parsed?.success ? null : query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : query.data.length === 0 ? (
        <p role="status" className="text-sm text-slate-600">
          {t('members.noneFound', { q })}
        </p>
      ) : (
        <DataTable caption={t('members.results')} columns={columns} rows={query.data} />
      )}
    </div>
  )
}
