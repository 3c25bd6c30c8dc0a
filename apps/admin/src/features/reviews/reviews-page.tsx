import { Link } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { REVIEW_RATINGS, type AdminReview } from '@busana/contract/schemas'
import { staffPage } from '../../lib/api.ts'
import { useUrlFilters } from '../../lib/use-url-filters.ts'
import { useBrandNames } from '../../lib/brands.ts'
import { DataTable } from '../../components/data-table.tsx'
import { ErrorNote, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { ChoiceFilter, DateFilter, FilterBar } from '../../components/filter-bar.tsx'

export const REVIEW_FILTERS = ['q', 'from', 'to', 'rating', 'id_brand'] as const
const column = createColumnHelper<AdminReview>()

/** A review's stars as text ('4/5'), named in words for a screen reader. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation()
  return (
    <span
      role="img"
      aria-label={t('reviews.starsName', { rating })}
      className="whitespace-nowrap font-medium"
    >
      {t('reviews.stars', { rating })}
    </span>
  )
}

/**
 * The published reviews, newest first, read only (issue 30): by the shop's dates (from/to, WIB),
 * stars, brand, and a search by product, reviewer or order number. The filters live in the address,
 * so the home's "reviews published today" links to /reviews?from=<today>&to=<today>.
 */
export function ReviewsPage() {
  const { t } = useTranslation()
  const { filters, page, setFilter, setPage } = useUrlFilters(REVIEW_FILTERS)
  const brands = useBrandNames()
  const query = useQuery({
    queryKey: ['reviews', filters, page],
    queryFn: () => staffPage<AdminReview>('/reviews', { ...filters, page, per_page: 25 }),
    placeholderData: keepPreviousData,
  })
  const filtered = REVIEW_FILTERS.some((name) => filters[name] !== '')
  const columns = [
    column.accessor('reviewed_at', {
      header: t('reviews.date'),
      cell: (info) => (
        <span className="whitespace-nowrap">
          <ShopTime at={info.getValue()} />
        </span>
      ),
    }),
    column.accessor('rating', {
      header: t('reviews.rating'),
      cell: (info) => <Stars rating={info.getValue()} />,
    }),
    column.accessor('review', {
      header: t('reviews.review'),
      cell: (info) => (
        <div className="min-w-48 max-w-md">
          {info.getValue() ? (
            <p className="whitespace-pre-line break-words">{info.getValue()}</p>
          ) : (
            <p className="text-slate-500">{t('reviews.noText')}</p>
          )}
          <p className="mt-1 text-xs text-slate-600">— {info.row.original.reviewer}</p>
        </div>
      ),
    }),
    column.accessor('photos', {
      header: t('reviews.photos'),
      cell: (info) =>
        info.getValue().length > 0 ? (
          <div className="flex gap-1">
            {info.getValue().map((url, index) => (
              <a key={url} href={url} target="_blank" rel="noreferrer" className="shrink-0">
                <img
                  src={url}
                  alt={t('reviews.photo', { n: index + 1, reviewer: info.row.original.reviewer })}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded border border-slate-200 object-cover"
                />
              </a>
            ))}
          </div>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    }),
    column.accessor('product_name', {
      header: t('reviews.product'),
      cell: (info) => {
        const review = info.row.original
        return (
          <div className="min-w-40">
            <div className="font-medium">{info.getValue()}</div>
            <div className="text-xs text-slate-600">
              {review.product_code} · {t('reviews.size', { size: review.ukuran })}
            </div>
            <div className="text-xs text-slate-600">
              {review.brand_name ?? brands.nameOf(review.id_brand)}
            </div>
          </div>
        )
      },
    }),
    column.accessor('sales_order_number', {
      header: t('reviews.order'),
      cell: (info) => (
        <Link
          to={`/orders/${encodeURIComponent(info.getValue())}`}
          aria-label={t('reviews.orderLink', { number: info.getValue() })}
          className="whitespace-nowrap font-medium underline"
        >
          {info.getValue()}
        </Link>
      ),
    }),
  ]
  const rows = query.data?.rows ?? []
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('reviews.title')} />
      <p className="-mt-4 text-sm text-slate-600">{t('reviews.intro')}</p>
      <FilterBar
        className="sm:grid-cols-3 lg:grid-cols-5"
        label={t('reviews.search')}
        hint={t('reviews.searchHint')}
        search={filters.q}
        onSearch={(text) => setFilter('q', text)}
      >
        <DateFilter
          label={t('reviews.from')}
          value={filters.from}
          onChange={(value) => setFilter('from', value)}
        />
        <DateFilter label={t('reviews.to')} value={filters.to} onChange={(value) => setFilter('to', value)} />
        <ChoiceFilter
          label={t('reviews.rating')}
          value={filters.rating}
          onChange={(value) => setFilter('rating', value)}
          options={[...REVIEW_RATINGS].reverse().map((rating) => ({
            value: rating,
            label: t('reviews.starsOption', { rating }),
          }))}
        />
        <ChoiceFilter
          label={t('reviews.brand')}
          value={filters.id_brand}
          onChange={(value) => setFilter('id_brand', value)}
          options={brands.options}
        />
      </FilterBar>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6">
          <p data-testid="reviews-empty">{t('reviews.empty')}</p>
          {filtered && (
            <Link
              to="/reviews"
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100"
            >
              {t('reviews.clear')}
            </Link>
          )}
        </div>
      ) : (
        <DataTable
          caption={t('reviews.title')}
          columns={columns}
          rows={rows}
          paging={{ page, pages: query.data.totalPages, onPage: setPage }}
        />
      )}
    </div>
  )
}
