import { Link } from 'react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import {
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  formatIdr,
  type ReturnStatus,
  type StaffReturnListItem,
} from '@busana/contract/schemas'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ChoiceFilter, FilterBar } from '../../components/filter-bar.tsx'
import { ErrorNote, Loading, PageHeader } from '../../components/ui.tsx'
import { ReturnStatusBadge } from './return-status.tsx'
import { ageOf, returnPath, useReturnCount, useReturns } from './returns.api.ts'

const FILTERS = ['q', 'status', 'resolution'] as const
const column = createColumnHelper<StaffReturnListItem>()
/** The states the shop works, each a tab with its count; the rest are in the state filter. */
const QUEUE: ReturnStatus[] = ['REQUESTED', 'APPROVED', 'RECEIVED']

/**
 * The returns queue (issue 40): tabs for the states the shop acts on (to review, approved and on
 * their way, received and to settle) with their counts, filters by state and resolution, a search by
 * return or order number or buyer, oldest first within a state. The filters live in the address, so
 * the home's to-do counts link to the list filtered.
 */
export function ReturnsPage() {
  const { t } = useTranslation()
  const { filters, page, setFilter, setPage } = useUrlFilters(FILTERS)
  const query = useReturns(filters, page)
  const now = Date.now()
  const columns = [
    column.accessor('return_number', {
      header: t('returns.number'),
      cell: (info) => (
        <div className="flex flex-col items-start gap-1">
          <Link to={returnPath(info.getValue())} className="font-medium whitespace-nowrap underline">
            {info.getValue()}
          </Link>
          <ReturnStatusBadge status={info.row.original.status} />
        </div>
      ),
    }),
    column.accessor('sales_order_number', {
      header: t('returns.order'),
      cell: (info) => (
        <Link to={`/orders/${encodeURIComponent(info.getValue())}`} className="whitespace-nowrap underline">
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('buyer_name', {
      header: t('returns.buyer'),
      cell: (info) => (
        <div>
          {info.getValue()}
          {info.row.original.is_guest && (
            <span className="text-xs text-slate-500"> · {t('returns.guest')}</span>
          )}
        </div>
      ),
    }),
    column.accessor('units', {
      header: t('returns.units'),
      cell: (info) => (
        <div>
          <div className="tabular-nums">{info.getValue()}</div>
          <div className="text-xs text-slate-500">
            {t(`returnResolution.${info.row.original.resolution}`)}
          </div>
        </div>
      ),
    }),
    column.accessor('reasons', {
      header: t('returns.reasons'),
      cell: (info) => (
        <div>
          {info
            .getValue()
            .map((reason) => t(`returnReason.${reason}`))
            .join(', ')}
          {info.row.original.has_photos && (
            <div className="text-xs text-slate-500">{t('returns.photos')}</div>
          )}
        </div>
      ),
    }),
    column.accessor('refund_amount', {
      header: t('returns.refund'),
      cell: (info) => {
        const amount = info.getValue()
        return <span className="whitespace-nowrap">{amount === null ? '—' : formatIdr(amount)}</span>
      },
    }),
    column.accessor('parcel_sent', {
      header: t('returns.parcel'),
      cell: (info) => (
        <span className={info.getValue() ? 'font-medium' : 'text-slate-500'}>
          {info.getValue() ? t('returns.parcelSent') : t('returns.parcelNotSent')}
        </span>
      ),
    }),
    column.accessor('created_at', {
      header: t('returns.age'),
      cell: (info) => {
        const { unit, count } = ageOf(info.getValue(), now)
        return (
          <time dateTime={info.getValue()} className="whitespace-nowrap">
            {t('returns.ago', { span: t(`returns.${unit}`, { count }) })}
          </time>
        )
      },
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('returns.title')}
        actions={
          <Link
            to="/returns/settings"
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100"
          >
            {t('returns.settingsLink')}
          </Link>
        }
      />
      <nav aria-label={t('returns.queue')} className="-mt-2 flex flex-wrap gap-2">
        {QUEUE.map((status) => (
          <QueueTab
            key={status}
            status={status}
            current={filters.status === status}
            onPick={() => setFilter('status', status)}
          />
        ))}
        <QueueLink current={filters.status === ''} onPick={() => setFilter('status', '')}>
          {t('returns.all')}
        </QueueLink>
      </nav>
      <FilterBar
        className="sm:grid-cols-3"
        label={t('returns.search')}
        hint={t('returns.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
        <ChoiceFilter
          label={t('returns.status')}
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
          options={RETURN_STATUSES.map((status) => ({ value: status, label: t(`returnStatus.${status}`) }))}
        />
        <ChoiceFilter
          label={t('returns.resolution')}
          value={filters.resolution}
          onChange={(value) => setFilter('resolution', value)}
          options={RETURN_RESOLUTIONS.map((resolution) => ({
            value: resolution,
            label: t(`returnResolution.${resolution}`),
          }))}
        />
      </FilterBar>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('returns.title')}
          columns={columns}
          rows={query.data.rows}
          paging={{ page, pages: query.data.totalPages, onPage: setPage }}
        />
      )}
    </div>
  )
}

function QueueTab({
  status,
  current,
  onPick,
}: {
  status: ReturnStatus
  current: boolean
  onPick: () => void
}) {
  const { t } = useTranslation()
  const count = useReturnCount(status)
  const label = t(`returnStatus.${status}`)
  return (
    <QueueLink current={current} onPick={onPick}>
      {count.data === undefined ? label : t('returns.tabCount', { label, count: count.data })}
    </QueueLink>
  )
}

function QueueLink({
  current,
  onPick,
  children,
}: {
  current: boolean
  onPick: () => void
  children: React.ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={current}
      onClick={onPick}
      className={`rounded-full border px-3 py-1.5 text-sm ${current ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
    >
      {children}
    </button>
  )
}
