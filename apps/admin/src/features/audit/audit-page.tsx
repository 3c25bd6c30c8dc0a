import { DateFilter } from '../../components/filter-bar.tsx'
import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { STAFF_AUDIT_ACTIONS, type StaffAuditEntry } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ErrorNote, Field, Loading, PageHeader, Select, ShopTime } from '../../components/ui.tsx'

const column = createColumnHelper<StaffAuditEntry>()

/** The owner reads who changed what and when, newest first, by action and date. */
export function AuditPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [action, setAction] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const query = useQuery({
    queryKey: ['audit', { page, action, from, to }],
    queryFn: () => staffPage<StaffAuditEntry>('/audit', { page, per_page: 50, action, from, to }),
    placeholderData: keepPreviousData,
  })
  const filter = (apply: () => void) => {
    apply()
    setPage(1)
  }
  const columns = [
    column.accessor('at', { header: t('audit.at'), cell: (info) => <ShopTime at={info.getValue()} /> }),
    column.accessor('staff_email', {
      header: t('audit.who'),
      cell: (info) => (
        <div>
          <div>{info.getValue() ?? '—'}</div>
          {info.row.original.ip && <div className="text-xs text-slate-500">{info.row.original.ip}</div>}
        </div>
      ),
    }),
    column.accessor('action', { header: t('audit.action'), cell: (info) => <code>{info.getValue()}</code> }),
    column.display({
      id: 'target',
      header: t('audit.target'),
      cell: ({ row }) => `${row.original.target_type} ${row.original.target_id}`,
    }),
    column.accessor('changes', {
      header: t('audit.changes'),
      cell: (info) => (
        <pre className="max-w-md whitespace-pre-wrap break-words text-xs">
          {JSON.stringify(info.getValue(), null, 1)}
        </pre>
      ),
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('audit.title')} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('audit.action')}>
          {(props) => (
            <Select
              {...props}
              value={action}
              onChange={(event) => filter(() => setAction(event.target.value))}
            >
              <option value="">{t('audit.anyAction')}</option>
              {STAFF_AUDIT_ACTIONS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <DateFilter label={t('audit.from')} value={from} onChange={(value) => filter(() => setFrom(value))} />
        <DateFilter label={t('audit.to')} value={to} onChange={(value) => filter(() => setTo(value))} />
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('audit.title')}
          columns={columns}
          rows={query.data.rows}
          paging={{ page, pages: query.data.totalPages, onPage: setPage }}
        />
      )}
    </div>
  )
}
