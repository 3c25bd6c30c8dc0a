import { Link } from 'react-router'
import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { formatIdr, type AdminProductSummary } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { DataTable } from '../../components/data-table.tsx'
import {
  Badge,
  Button,
  ErrorNote,
  Field,
  Loading,
  PageHeader,
  Select,
  ShopTime,
} from '../../components/ui.tsx'
import { ChoiceFilter, FilterBar } from '../../components/filter-bar.tsx'
import { useBrands } from './catalog.api.ts'
import { ColourSwatch, useColourName } from './colour-family.tsx'
import { ProductCsvDialog } from './product-csv-dialog.tsx'
import { downloadProductsCsv } from './product-csv.api.ts'

const column = createColumnHelper<AdminProductSummary>()

/** Products by code or name, brand and draft or published; newest change first. */
export function ProductsPage() {
  const { t } = useTranslation()
  const brands = useBrands()
  const { filters, page, setFilter, setPage } = useUrlFilters(['q', 'id_brand', 'state'], { state: 'all' })
  const query = useQuery({
    queryKey: ['products', filters, page],
    queryFn: () => staffPage<AdminProductSummary>('/products', { ...filters, page, per_page: 25 }),
    placeholderData: keepPreviousData,
  })
  const colourName = useColourName()
  // Bulk upload (issue 43 part 7): the list's filters export as they are.
  const [importing, setImporting] = useState(false)
  const exportCsv = useMutation({
    mutationFn: (semicolon: boolean) => downloadProductsCsv(filters, semicolon),
  })
  const brandName = (id: number) => brands.data?.find((brand) => brand.id === id)?.name ?? String(id)
  const columns = [
    column.accessor('url_image', {
      header: () => <span className="sr-only">{t('common.photo')}</span>,
      cell: (info) =>
        info.getValue() ? (
          <img src={info.getValue()} alt="" className="h-14 w-10 rounded object-cover" />
        ) : null,
    }),
    column.accessor('product_name', {
      header: t('products.name'),
      cell: (info) => (
        <div>
          <Link
            to={`/products/${encodeURIComponent(info.row.original.product_code)}`}
            className="font-medium underline"
          >
            {info.getValue()}
          </Link>
          <div className="text-xs text-slate-500">{info.row.original.product_code}</div>
        </div>
      ),
    }),
    column.accessor('id_brand', {
      header: t('products.brand'),
      cell: (info) =>
        `${brandName(info.getValue())}${info.row.original.is_child ? ` · ${t('products.junior')}` : ''}`,
    }),
    column.accessor('colour_family', {
      header: t('products.colour'),
      cell: (info) => {
        const family = info.getValue()
        return family ? (
          <span className="flex items-center gap-1.5 whitespace-nowrap">
            <ColourSwatch family={family} small />
            {colourName(family)}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )
      },
    }),
    column.accessor('draft', {
      header: t('products.state'),
      cell: (info) =>
        info.getValue() ? (
          <Badge tone="amber">{t('products.draft')}</Badge>
        ) : (
          <Badge tone="green">{t('products.published')}</Badge>
        ),
    }),
    column.accessor('selling_price', {
      header: t('products.price'),
      cell: (info) => <span className="whitespace-nowrap">{formatIdr(info.getValue())}</span>,
    }),
    column.accessor('variants', { header: t('products.sizes') }),
    column.accessor('updated_at', {
      header: t('products.changed'),
      cell: (info) => <ShopTime at={info.getValue()} />,
    }),
  ]
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('products.title')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button look="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(false)}>
              {t('productCsv.export')}
            </Button>
            <Button look="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(true)}>
              {t('productCsv.exportSemicolon')}
            </Button>
            <Button look="secondary" onClick={() => setImporting(true)}>
              {t('productCsv.import')}
            </Button>
            <Link
              to="/products/new"
              className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700"
            >
              {t('products.new')}
            </Link>
          </div>
        }
      />
      <ErrorNote error={exportCsv.error} />
      {importing && <ProductCsvDialog onClose={() => setImporting(false)} />}
      <FilterBar
        className="sm:grid-cols-3"
        label={t('products.search')}
        hint={t('products.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
        <ChoiceFilter
          label={t('products.brand')}
          value={filters.id_brand}
          onChange={(value) => setFilter('id_brand', value)}
          options={(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
        />
        <Field label={t('products.state')}>
          {(props) => (
            <Select
              {...props}
              value={filters.state}
              onChange={(event) => setFilter('state', event.target.value)}
            >
              <option value="all">{t('common.all')}</option>
              <option value="draft">{t('products.draft')}</option>
              <option value="published">{t('products.published')}</option>
            </Select>
          )}
        </Field>
      </FilterBar>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <DataTable
          caption={t('products.title')}
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
