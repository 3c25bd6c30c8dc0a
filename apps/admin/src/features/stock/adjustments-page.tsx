import { Link } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { StockAdjustment } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ErrorNote, Field, Input, Loading, PageHeader, Select, ShopTime } from '../../components/ui.tsx'
import { useWarehouses } from './stock.api.ts'

const column = createColumnHelper<StockAdjustment>()

/** The stock adjustment history, newest first: of one sku (?sku=) or of all, by warehouse. */
export function AdjustmentsPage() {
  const { t, i18n } = useTranslation()
  const { filters, page, setFilter, setPage } = useUrlFilters(['sku', 'warehouse'])
  const { sku, warehouse: idWarehouse } = filters
  const warehouses = useWarehouses()
  const query = useQuery({
    queryKey: ['stock-adjustments', sku, idWarehouse, page],
    queryFn: () =>
      staffPage<StockAdjustment>('/stock/adjustments', {
        sku_product: sku,
        id_warehouse: idWarehouse,
        page,
        per_page: 50,
      }),
    placeholderData: keepPreviousData,
  })
  const warehouseName = (id: number) => warehouses.data?.find((w) => w.id === id)?.name ?? String(id)
  const reasonText = (reason: string) =>
    i18n.exists(`stock.reasons.${reason}`) ? t(`stock.reasons.${reason}`) : reason
  const columns = [
    column.accessor('at', {
      header: t('stockHistory.at'),
      cell: (info) => (
        <span className="whitespace-nowrap">
          <ShopTime at={info.getValue()} />
        </span>
      ),
    }),
    column.accessor('sku_product', {
      header: t('stockHistory.sku'),
      cell: (info) => <span className="font-mono text-xs whitespace-nowrap">{info.getValue()}</span>,
    }),
    column.accessor('id_warehouse', {
      header: t('stockHistory.warehouse'),
      cell: (info) => <span className="whitespace-nowrap">{warehouseName(info.getValue())}</span>,
    }),
    column.accessor('delta', {
      header: t('stockHistory.change'),
      cell: (info) => (
        <span className={`tabular-nums ${info.getValue() < 0 ? 'text-red-700' : 'text-emerald-700'}`}>
          {info.getValue() > 0 ? `+${info.getValue()}` : info.getValue()}
        </span>
      ),
    }),
    column.accessor('on_hand_after', {
      header: t('stockHistory.after'),
      cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
    }),
    column.accessor('reason', {
      header: t('stockHistory.reason'),
      cell: (info) => reasonText(info.getValue()),
    }),
    column.accessor('note', {
      header: t('stockHistory.note'),
      cell: (info) => <span className="block max-w-64">{info.getValue() ?? '—'}</span>,
    }),
    column.accessor('source', {
      header: t('stockHistory.source'),
      cell: (info) => t(`stockHistory.${info.getValue()}`),
    }),
    column.accessor('staff_email', {
      header: t('stockHistory.who'),
      cell: (info) => info.getValue() ?? '—',
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <Link to="/stock" className="text-sm underline">
        {t('stockHistory.back')}
      </Link>
      <PageHeader title={sku ? t('stock.historyOf', { sku }) : t('stockHistory.title')} />
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault()
          setFilter('sku', String(new FormData(event.currentTarget).get('sku') ?? '').trim())
        }}
      >
        <Field label={t('stockHistory.sku')} hint={t('stockHistory.skuHint')}>
          {(props) => <Input {...props} key={sku} name="sku" type="search" defaultValue={sku} />}
        </Field>
        <Field label={t('stockHistory.warehouse')}>
          {(props) => (
            <Select
              {...props}
              value={idWarehouse}
              onChange={(event) => setFilter('warehouse', event.target.value)}
            >
              <option value="">{t('common.all')}</option>
              {warehouses.data?.map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <button type="submit" className="sr-only">
          {t('common.filter')}
        </button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('stockHistory.title')}
          columns={columns}
          rows={query.data.rows}
          paging={{
            page,
            pages: query.data.totalPages,
            onPage: setPage,
          }}
        />
      )}
    </div>
  )
}
