import { useState } from 'react'
import { Link } from 'react-router'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import {
  ADMIN_ORDER_REFUNDS,
  ADMIN_ORDER_SORTS,
  ORDER_EXPORT_MAX_DAYS,
  ORDER_STATUSES,
  can,
  formatIdr,
  type AdminOrderListItem,
} from '@busana/contract/schemas'
import { staffFetch, staffPage } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { useBrandNames } from '../../lib/brands.ts'
import { DataTable } from '../../components/data-table.tsx'
import {
  Button,
  ErrorNote,
  Field,
  Input,
  Loading,
  PageHeader,
  Select,
  ShopTime,
} from '../../components/ui.tsx'
import { ChoiceFilter, DateFilter, FilterBar } from '../../components/filter-bar.tsx'
import { OrderStatusBadge } from './order-status.tsx'
import { BulkShipDialog } from './bulk-ship-dialog.tsx'
import { download } from '../stock/stock.api.ts'
import { spanOf } from './order-waiting.ts'

const FILTERS = ['q', 'status', 'id_brand', 'payment', 'from', 'to', 'sort', 'refund', 'expiring'] as const
/** What folds behind the Filters button (everything but the search), each counted when set. */
const FOLDED = ['status', 'id_brand', 'payment', 'from', 'to', 'sort', 'refund', 'expiring'] as const
/**
 * Where the filters start open (Tailwind's lg). Narrower, they fold behind the Filters button, so
 * the first order shows in a phone's first screenful (issue 43: at 390 px about ten fields came
 * first). Without matchMedia (tests, old browsers) they start open, as they always were.
 */
const WIDE = '(min-width: 1024px)'
const startsOpen = () =>
  typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches
const column = createColumnHelper<AdminOrderListItem>()
const DAY_MS = 86_400_000

/** Why the export cannot run yet (no period, or one longer than the API takes), or null. */
export function exportBlocker(from: string, to: string): 'choosePeriod' | 'periodTooLong' | null {
  if (!from || !to) return 'choosePeriod'
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS
  return days >= ORDER_EXPORT_MAX_DAYS ? 'periodTooLong' : null
}

/**
 * Orders, newest first or oldest first (Paid: the payment waiting longest first): filters by status,
 * brand, dates (the shop's, UTC+7), payment, refund and "runs out within the hour", a search by
 * number, phone or e-mail; the chosen ones get packing slips or are shipped together, and the
 * period's orders download as CSV for accounting (issue 30). The filters live in the address, so the
 * home's to-do numbers link to a filtered list, which can be shared and survives a reload. Below
 * 1024 px the filters fold behind a "Filters (N)" button, N the ones set (issue 43).
 */
export function OrdersPage() {
  const { t } = useTranslation()
  const me = useStaff()
  const [selected, setSelected] = useState<string[]>([])
  const [shipping, setShipping] = useState(false)
  const { filters, page, setFilter: setUrlFilter, setPage } = useUrlFilters(FILTERS)
  const brands = useBrandNames()
  const [filtersOpen, setFiltersOpen] = useState(startsOpen)
  const active = FOLDED.filter((name) => filters[name] !== '').length
  const query = useQuery({
    queryKey: ['orders', filters, page],
    queryFn: () => staffPage<AdminOrderListItem>('/orders', { ...filters, page, per_page: 25 }),
    placeholderData: keepPreviousData,
  })
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    setUrlFilter(name, value)
    setSelected([])
  }
  const blocker = exportBlocker(filters.from, filters.to)
  const exportCsv = useMutation({
    mutationFn: async () =>
      download(
        await staffFetch('GET', '/orders/export.csv', { query: filters }),
        `orders-${filters.from}-${filters.to}.csv`,
      ),
  })
  const now = Date.now()
  const canShip = can(me.role, 'orders.fulfil')
  const toggle = (number: string) =>
    setSelected((now) => (now.includes(number) ? now.filter((n) => n !== number) : [...now, number]))
  const rows = query.data?.rows ?? []
  const columns = [
    column.display({
      id: 'pick',
      header: () => (
        <input
          type="checkbox"
          aria-label={t('orders.pickAll')}
          checked={rows.length > 0 && rows.every((row) => selected.includes(row.sales_order_number))}
          onChange={(event) =>
            setSelected(event.target.checked ? rows.map((row) => row.sales_order_number) : [])
          }
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={t('orders.pick', { number: row.original.sales_order_number })}
          checked={selected.includes(row.original.sales_order_number)}
          onChange={() => toggle(row.original.sales_order_number)}
        />
      ),
    }),
    column.accessor('sales_order_number', {
      header: t('orders.number'),
      cell: (info) => (
        <Link to={`/orders/${encodeURIComponent(info.getValue())}`} className="font-medium underline">
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('order_date', {
      header: t('orders.date'),
      cell: (info) => <ShopTime at={info.getValue()} />,
    }),
    column.accessor('buyer_name', {
      header: t('orders.buyer'),
      cell: (info) => (
        <div>
          <div>{info.getValue()}</div>
          <div className="text-xs text-slate-500">{info.row.original.buyer_phone}</div>
        </div>
      ),
    }),
    column.accessor('status', {
      header: t('orders.status'),
      cell: (info) => {
        const { paid_at: paidAt, expired_time: deadline, refund_state: refund } = info.row.original
        const span = (ms: number) => {
          const { unit, count } = spanOf(ms)
          return t(`orders.${unit}`, { count })
        }
        // How long a Paid row has waited to ship, how soon an Open row's payment runs out (issue 30).
        const note =
          info.getValue() === 'Paid' && paidAt
            ? t('orders.waitingFor', { span: span(now - Date.parse(paidAt)) })
            : info.getValue() === 'Open' && Date.parse(deadline) > now
              ? t('orders.runsOutIn', { span: span(Date.parse(deadline) - now) })
              : refund
                ? t(`orders.refundState.${refund}`)
                : null
        return (
          <div className="flex flex-col items-start gap-1">
            <OrderStatusBadge status={info.getValue()} />
            {note && (
              <span className="text-xs whitespace-nowrap text-slate-600" data-testid="order-waiting">
                {note}
              </span>
            )}
          </div>
        )
      },
    }),
    column.accessor('total_bayar', {
      header: t('orders.total'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
    column.accessor('payment_name', { header: t('orders.payment') }),
    column.accessor('paket', {
      header: t('orders.shipping'),
      cell: (info) => (
        <div>
          <div>{info.getValue()}</div>
          {info.row.original.no_resi && (
            <div className="text-xs text-slate-500">{info.row.original.no_resi}</div>
          )}
        </div>
      ),
    }),
  ]
  const chosen = rows.filter((row) => selected.includes(row.sales_order_number))
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('orders.title')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              look="secondary"
              onClick={() => exportCsv.mutate()}
              disabled={blocker !== null || exportCsv.isPending}
              aria-describedby="orders-export-note"
            >
              {exportCsv.isPending ? t('orders.exporting') : t('orders.export')}
            </Button>
            <Link
              to={`/orders/slips?numbers=${encodeURIComponent(selected.join(','))}`}
              aria-disabled={selected.length === 0}
              className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm ${selected.length === 0 ? 'pointer-events-none opacity-50' : 'hover:bg-slate-100'}`}
            >
              {t('orders.slips', { count: selected.length })}
            </Link>
            {canShip && (
              <Button disabled={selected.length === 0} onClick={() => setShipping(true)}>
                {t('orders.shipSelected', { count: selected.length })}
              </Button>
            )}
          </div>
        }
      />
      <p id="orders-export-note" className="text-xs text-slate-500">
        {blocker ? t(`orders.${blocker}`, { days: ORDER_EXPORT_MAX_DAYS }) : t('orders.exportNote')}
      </p>
      <FilterBar
        className="sm:grid-cols-3 lg:grid-cols-5"
        label={t('orders.search')}
        hint={t('orders.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
        <Button
          look="secondary"
          className="self-end justify-self-start"
          aria-expanded={filtersOpen}
          aria-controls="orders-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {active > 0 ? t('orders.filtersActive', { count: active }) : t('orders.filters')}
        </Button>
        {/* display: contents keeps the fields in the bar's grid; hidden (folded) wins over it. */}
        <div id="orders-filters" className={filtersOpen ? 'contents' : ''} hidden={!filtersOpen}>
          <ChoiceFilter
            label={t('orders.status')}
            value={filters.status}
            onChange={(value) => setFilter('status', value)}
            options={(ORDER_STATUSES ?? []).map((status) => ({
              value: status,
              label: t(`orderStatus.${status}`),
            }))}
          />
          <ChoiceFilter
            label={t('orders.brand')}
            value={filters.id_brand}
            onChange={(value) => setFilter('id_brand', value)}
            options={brands.options}
          />
          <Field label={t('orders.paymentCode')}>
            {(props) => (
              <Input
                {...props}
                defaultValue={filters.payment}
                placeholder="bca_va"
                onBlur={(event) => setFilter('payment', event.target.value.trim())}
              />
            )}
          </Field>
          <DateFilter
            label={t('orders.from')}
            value={filters.from}
            onChange={(value) => setFilter('from', value)}
          />
          <DateFilter
            label={t('orders.to')}
            value={filters.to}
            onChange={(value) => setFilter('to', value)}
          />
          <Field label={t('orders.sort')}>
            {(props) => (
              <Select
                {...props}
                value={filters.sort || 'newest'}
                onChange={(event) =>
                  setFilter('sort', event.target.value === 'newest' ? '' : event.target.value)
                }
              >
                {ADMIN_ORDER_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(
                      `orders.sortBy.${sort === 'oldest' && filters.status === 'Paid' ? 'oldestPaid' : sort}`,
                    )}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <ChoiceFilter
            label={t('orders.refundFilter')}
            value={filters.refund}
            onChange={(value) => setFilter('refund', value)}
            options={ADMIN_ORDER_REFUNDS.map((refund) => ({
              value: refund,
              label: t(`orders.refundState.${refund}`),
            }))}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              checked={filters.expiring === 'hour'}
              onChange={(event) => setFilter('expiring', event.target.checked ? 'hour' : '')}
            />
            {t('orders.expiringHour')}
          </label>
        </div>
      </FilterBar>
      <ErrorNote error={exportCsv.error} />
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('orders.title')}
          columns={columns}
          rows={rows}
          paging={{
            page,
            pages: query.data.totalPages,
            onPage: setPage,
          }}
        />
      )}
      {shipping && (
        <BulkShipDialog orders={chosen} onClose={() => setShipping(false)} onDone={() => setSelected([])} />
      )}
    </div>
  )
}
