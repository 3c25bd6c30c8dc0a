import { useState } from 'react'
import { Link } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { BRAND_IDS, ORDER_STATUSES, can, formatIdr, type AdminOrderListItem } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import { Button, ErrorNote, Field, Input, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { ChoiceFilter, FilterBar } from '../../components/filter-bar.tsx'
import { OrderStatusBadge } from './order-status.tsx'
import { BulkShipDialog } from './bulk-ship-dialog.tsx'

const FILTERS = ['q', 'status', 'id_brand', 'payment', 'from', 'to'] as const
const column = createColumnHelper<AdminOrderListItem>()

/**
 * Orders, newest first: filters by status, brand, dates (the shop's, UTC+7) and payment, a search by
 * number, phone or e-mail; the chosen ones get packing slips or are shipped together. The filters
 * live in the address, so a list can be shared and survives a reload.
 */
export function OrdersPage() {
  const { t } = useTranslation()
  const me = useStaff()
  const [selected, setSelected] = useState<string[]>([])
  const [shipping, setShipping] = useState(false)
  const { filters, page, setFilter: setUrlFilter, setPage } = useUrlFilters(FILTERS)
  const query = useQuery({
    queryKey: ['orders', filters, page],
    queryFn: () => staffPage<AdminOrderListItem>('/orders', { ...filters, page, per_page: 25 }),
    placeholderData: keepPreviousData,
  })
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    setUrlFilter(name, value)
    setSelected([])
  }
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
      cell: (info) => <OrderStatusBadge status={info.getValue()} />,
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
          <div className="flex gap-2">
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
      <FilterBar
        className="sm:grid-cols-3 lg:grid-cols-6"
        label={t('orders.search')}
        hint={t('orders.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
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
          options={(BRAND_IDS ?? []).map((id) => ({ value: id, label: t('orders.brandId', { id }) }))}
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
        <Field label={t('orders.from')}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={filters.from}
              onChange={(event) => setFilter('from', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('orders.to')}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={filters.to}
              onChange={(event) => setFilter('to', event.target.value)}
            />
          )}
        </Field>
      </FilterBar>
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
