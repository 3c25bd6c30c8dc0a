import { useState } from 'react'
import { Link } from 'react-router'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { StockLevel } from '@busana/contract/schemas'
import { staffFetch, staffPage } from '../../lib/api.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { useBrandNames } from '../../lib/brands.ts'
import { useStaff } from '../../lib/session.ts'
import { DataTable } from '../../components/data-table.tsx'
import { Badge, Button, ErrorNote, Loading, PageHeader, SuccessNote } from '../../components/ui.tsx'
import { ChoiceFilter, FilterBar } from '../../components/filter-bar.tsx'
import { AdjustDialog } from './adjust-dialog.tsx'
import { ImportDialog } from './import-dialog.tsx'
import { ThresholdsCard } from './thresholds-card.tsx'
import { canAdjustStock, download, useWarehouses } from './stock.api.ts'

const FILTERS = ['q', 'id_brand', 'id_warehouse', 'low_stock'] as const
const column = createColumnHelper<StockLevel>()

/**
 * Stock per sku and warehouse: on hand (with the units returned defective, not for sale, beneath
 * it when there are any: a column would widen the table at 390 px for a count that is mostly 0),
 * held by open orders and exchanges, available. Filters (search, brand,
 * warehouse, low stock) live in the address; the owner and the warehouse adjust, import and export,
 * merchandisers look and export.
 */
export function StockPage() {
  const { t } = useTranslation()
  const me = useStaff()
  const canAdjust = canAdjustStock(me.role)
  const [adjusting, setAdjusting] = useState<StockLevel | null>(null)
  const [importing, setImporting] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const { filters, page, setFilter, setPage } = useUrlFilters(FILTERS)
  const warehouses = useWarehouses()
  const brands = useBrandNames()
  const query = useQuery({
    queryKey: ['stock', filters, page],
    queryFn: () => staffPage<StockLevel>('/stock', { ...filters, page, per_page: 50 }),
    placeholderData: keepPreviousData,
  })
  // Each warehouse's own low-stock threshold (issue 30).
  const thresholdOf = (id: number) => warehouses.data?.find((w) => w.id === id)?.low_stock_at ?? 3
  const exportCsv = useMutation({
    mutationFn: async () =>
      download(await staffFetch('GET', '/stock/export.csv', { query: filters }), 'stock.csv'),
  })
  const columns = [
    column.accessor('sku_product', {
      header: t('stock.sku'),
      cell: (info) => <span className="font-mono text-xs whitespace-nowrap">{info.getValue()}</span>,
    }),
    column.accessor('product_name', {
      header: t('stock.product'),
      cell: (info) => (
        <div className="min-w-48">
          <div>{info.getValue()}</div>
          <div className="text-xs text-slate-500">
            {info.row.original.product_code} · {brands.nameOf(info.row.original.id_brand)}
          </div>
        </div>
      ),
    }),
    column.accessor('ukuran', { header: t('stock.size') }),
    column.accessor('warehouse_name', {
      header: t('stock.warehouse'),
      cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
    }),
    column.accessor('on_hand', {
      header: t('stock.onHand'),
      cell: (info) => (
        <div className="tabular-nums">
          {info.getValue()}
          {info.row.original.not_for_sale > 0 && (
            <div className="text-xs text-slate-600">
              {t('stock.notForSale', { count: info.row.original.not_for_sale })}
            </div>
          )}
        </div>
      ),
    }),
    column.accessor('held', {
      header: t('stock.held'),
      cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
    }),
    column.accessor('available', {
      header: t('stock.available'),
      cell: (info) => (
        <span className="flex items-center gap-2 tabular-nums whitespace-nowrap">
          {info.getValue()}
          {info.getValue() <= 0 ? (
            <Badge tone="red">{t('stock.soldOut')}</Badge>
          ) : info.getValue() <= thresholdOf(info.row.original.id_warehouse) ? (
            <Badge tone="amber">{t('stock.low')}</Badge>
          ) : null}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('stock.actions'),
      cell: ({ row }) => (
        <div className="flex items-center gap-2 whitespace-nowrap">
          {canAdjust && (
            <Button
              look="secondary"
              className="py-1"
              aria-label={t('stock.adjustOf', {
                sku: row.original.sku_product,
                warehouse: row.original.warehouse_name,
              })}
              onClick={() => {
                setDone(null)
                setAdjusting(row.original)
              }}
            >
              {t('stock.adjust')}
            </Button>
          )}
          <Link
            to={`/stock/adjustments?sku=${encodeURIComponent(row.original.sku_product)}`}
            aria-label={t('stock.historyOf', { sku: row.original.sku_product })}
            className="text-sm underline"
          >
            {t('stock.historyShort')}
          </Link>
        </div>
      ),
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('stock.title')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              to="/stock/adjustments"
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100"
            >
              {t('stock.history')}
            </Link>
            <Button look="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              {exportCsv.isPending ? t('stock.exporting') : t('stock.export')}
            </Button>
            {canAdjust && <Button onClick={() => setImporting(true)}>{t('stock.import')}</Button>}
          </div>
        }
      />
      {!canAdjust && <p className="text-sm text-slate-600">{t('stock.readOnly')}</p>}
      {canAdjust && warehouses.data && <ThresholdsCard warehouses={warehouses.data} />}
      <FilterBar
        className="sm:grid-cols-2 lg:grid-cols-4"
        label={t('stock.search')}
        hint={t('stock.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
        <ChoiceFilter
          label={t('stock.brand')}
          value={filters.id_brand}
          onChange={(value) => setFilter('id_brand', value)}
          options={brands.options}
        />
        <ChoiceFilter
          label={t('stock.warehouse')}
          value={filters.id_warehouse}
          onChange={(value) => setFilter('id_warehouse', value)}
          options={(warehouses.data ?? []).map((warehouse) => ({
            value: warehouse.id,
            label: `${warehouse.name} (${warehouse.city})${warehouse.sellable ? ` · ${t('stock.sellable')}` : ''}`,
          }))}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            checked={filters.low_stock === 'true'}
            onChange={(event) => setFilter('low_stock', event.target.checked ? 'true' : '')}
          />
          {t('stock.lowOnly')}
        </label>
      </FilterBar>
      <ErrorNote error={exportCsv.error} />
      {done && <SuccessNote>{done}</SuccessNote>}
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('stock.title')}
          columns={columns}
          rows={query.data.rows}
          paging={{
            page,
            pages: query.data.totalPages,
            onPage: setPage,
          }}
        />
      )}
      {adjusting && (
        <AdjustDialog
          level={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={(after) => {
            setAdjusting(null)
            setDone(
              t('stock.adjusted', {
                sku: after.sku_product,
                onHand: after.on_hand,
                available: after.available,
              }),
            )
          }}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  )
}
