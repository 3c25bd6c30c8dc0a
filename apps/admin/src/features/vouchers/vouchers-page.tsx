import { Link } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { VOUCHER_STATES, formatIdr, type AdminVoucher } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import { Button, ErrorNote, Field, Loading, PageHeader, Select, ShopTime } from '../../components/ui.tsx'
import { FilterBar } from '../../components/filter-bar.tsx'
import { usePauseVoucher, useDiscountText } from './vouchers.api.ts'
import { VoucherStateBadge } from './voucher-state.tsx'
import { useBrandNames } from '../../lib/brands.ts'

const column = createColumnHelper<AdminVoucher>()

/** Vouchers, newest first, with their state and uses; search and state in the address; pause and resume. */
export function VouchersPage() {
  const { t } = useTranslation()
  const { filters, page, setFilter, setPage } = useUrlFilters(['q', 'state'])
  const { q, state } = filters
  const query = useQuery({
    queryKey: ['vouchers', q, state, page],
    queryFn: () => staffPage<AdminVoucher>('/vouchers', { q, state, page, per_page: 25 }),
    placeholderData: keepPreviousData,
  })
  const pause = usePauseVoucher()
  const discount = useDiscountText()
  const brandNames = useBrandNames()
  // What a voucher counts and who may use it, in a few words (decision 058): "Kaina · 2 categories ·
  // first order only"; "Every product" for a voucher without rules.
  const rules = (voucher: AdminVoucher) => {
    const parts = [
      ...voucher.brands.map((id) => brandNames.nameOf(id)),
      ...(voucher.categories.length > 0
        ? [t('vouchers.rulesCategories', { count: voucher.categories.length })]
        : []),
      ...(voucher.products.length > 0
        ? [t('vouchers.rulesProducts', { count: voucher.products.length })]
        : []),
    ]
    if (parts.length === 0) parts.push(t('vouchers.rulesAll'))
    if (voucher.per_customer_limit > 1)
      parts.push(t('vouchers.rulesPerShopper', { count: voucher.per_customer_limit }))
    if (voucher.first_order_only) parts.push(t('vouchers.rulesFirstOrder'))
    return parts.join(' · ')
  }
  const columns = [
    column.accessor('code', {
      header: t('vouchers.code'),
      cell: (info) => (
        <Link to={`/vouchers/${info.row.original.id}`} className="font-mono font-medium underline">
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('name', {
      header: t('vouchers.name'),
      cell: (info) => <span className="block min-w-40">{info.getValue()}</span>,
    }),
    column.accessor('state', {
      header: t('vouchers.state'),
      cell: (info) => <VoucherStateBadge state={info.getValue()} />,
    }),
    column.display({
      id: 'discount',
      header: t('vouchers.discount'),
      cell: ({ row }) => <span className="whitespace-nowrap">{discount(row.original)}</span>,
    }),
    column.display({
      id: 'rules',
      header: t('vouchers.rules'),
      cell: ({ row }) => (
        <span className="block min-w-32 text-xs" data-testid="voucher-rules">
          {rules(row.original)}
        </span>
      ),
    }),
    column.accessor('min_purchase', {
      header: t('vouchers.minPurchase'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
    column.display({
      id: 'valid',
      header: t('vouchers.valid'),
      cell: ({ row }) => (
        <span className="text-xs whitespace-nowrap">
          {row.original.starts_at ? <ShopTime at={row.original.starts_at} /> : t('vouchers.noStart')} –{' '}
          {row.original.ends_at ? <ShopTime at={row.original.ends_at} /> : t('vouchers.noEnd')}
        </span>
      ),
    }),
    column.accessor('used_count', {
      header: t('vouchers.uses'),
      cell: (info) => (
        <span className="tabular-nums whitespace-nowrap" data-testid="voucher-uses">
          {info.row.original.usage_limit === null
            ? info.getValue()
            : t('vouchers.usesOf', { used: info.getValue(), limit: info.row.original.usage_limit })}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('vouchers.actions'),
      cell: ({ row }) => {
        const voucher = row.original
        return (
          <Button
            look="secondary"
            className="py-1"
            disabled={pause.isPending}
            aria-label={t(voucher.paused ? 'vouchers.resumeOf' : 'vouchers.pauseOf', { code: voucher.code })}
            onClick={() => pause.mutate({ id: voucher.id, paused: !voucher.paused })}
          >
            {voucher.paused ? t('vouchers.resume') : t('vouchers.pause')}
          </Button>
        )
      },
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('vouchers.title')}
        actions={
          <Link
            to="/vouchers/new"
            className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700"
          >
            {t('vouchers.new')}
          </Link>
        }
      />
      <FilterBar
        className="sm:grid-cols-2 lg:grid-cols-4"
        label={t('vouchers.search')}
        hint={t('vouchers.searchHint')}
        search={q}
        onSearch={(text) => setFilter('q', text)}
      >
        <Field label={t('vouchers.state')}>
          {(props) => (
            <Select {...props} value={state} onChange={(event) => setFilter('state', event.target.value)}>
              <option value="">{t('common.all')}</option>
              {VOUCHER_STATES.map((value) => (
                <option key={value} value={value}>
                  {t(`voucherState.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </FilterBar>
      <ErrorNote error={pause.error} />
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('vouchers.title')}
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
