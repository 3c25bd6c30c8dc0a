import { lazy, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  formatIdr,
  type SalesFigures,
  type SalesOverview,
  type SalesPeriodFigures,
  type TopProduct,
} from '@busana/contract/schemas'
import { ScrollFrame } from '../../components/scroll-frame.tsx'
import { changeOf, shortDay } from './home.api.ts'

// The chart library is loaded apart, so the numbers show before it arrives (decision 050).
const SalesChart = lazy(() => import('./sales-chart.tsx'))

const percent = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'id-ID', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(value)

/** "How we are selling" (issue 30): three periods, the 30-day chart with its table, and the breakdowns. */
export function SalesSection({ sales }: { sales: SalesOverview }) {
  const { t, i18n } = useTranslation()
  const totals = sales.daily.reduce(
    (sum, day) => ({ revenue: sum.revenue + day.revenue, orders: sum.orders + day.orders }),
    { revenue: 0, orders: 0 },
  )
  const first = sales.daily[0]?.date ?? ''
  const last = sales.daily.at(-1)?.date ?? ''
  const brandName = (name: string) => name || t('home.sales.otherBrand')
  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-4">
      <div>
        <h2 id="sales-title" className="text-lg font-semibold">
          {t('home.sales.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('home.sales.intro')}</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {sales.periods.map((period) => (
          <PeriodTile key={period.period} period={period} />
        ))}
      </ul>

      <Panel title={t('home.sales.chartTitle')} id="chart-title">
        <p className="sr-only">
          {t('home.sales.chartSummary', {
            from: shortDay(first, i18n.language),
            to: shortDay(last, i18n.language),
            revenue: formatIdr(totals.revenue),
            orders: totals.orders,
          })}
        </p>
        <Suspense fallback={<div className="h-64 w-full animate-pulse rounded bg-slate-100 sm:h-80" />}>
          <SalesChart sales={sales} />
        </Suspense>
        <details className="mt-3" data-testid="sales-table">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {t('home.sales.showTable')}
          </summary>
          <ScrollFrame label={t('home.sales.chartTitle')} className="mt-2">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('home.sales.chartTitle')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left">
                  <th scope="col" className="py-1 pr-3">
                    {t('home.sales.date')}
                  </th>
                  {sales.brands.map((brand) => (
                    <th key={brand.id_brand ?? 'none'} scope="col" className="py-1 pr-3 text-right">
                      {brandName(brand.name)}
                    </th>
                  ))}
                  <th scope="col" className="py-1 pr-3 text-right">
                    {t('home.sales.revenue')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('home.sales.orders')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.daily.map((day) => (
                  <tr key={day.date} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                      <time dateTime={day.date}>{shortDay(day.date, i18n.language)}</time>
                    </th>
                    {day.by_brand.map((b) => (
                      <td
                        key={b.id_brand ?? 'none'}
                        className="py-1 pr-3 text-right tabular-nums whitespace-nowrap"
                      >
                        {formatIdr(b.revenue)}
                      </td>
                    ))}
                    <td className="py-1 pr-3 text-right tabular-nums whitespace-nowrap">
                      {formatIdr(day.revenue)}
                    </td>
                    <td className="py-1 text-right tabular-nums">{day.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        </details>
      </Panel>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel title={t('home.sales.topUnits')} id="top-units">
          <TopTable products={sales.top_by_units} label={t('home.sales.topUnits')} />
        </Panel>
        <Panel title={t('home.sales.topRevenue')} id="top-revenue">
          <TopTable products={sales.top_by_revenue} label={t('home.sales.topRevenue')} />
        </Panel>
        <Panel title={t('home.sales.vouchers')} id="vouchers">
          {sales.vouchers.uses === 0 ? (
            <p className="text-sm text-slate-600">{t('home.sales.noVouchers')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm" data-testid="voucher-summary">
                {t('home.sales.voucherUses', {
                  count: sales.vouchers.uses,
                  discount: formatIdr(sales.vouchers.discount),
                })}
              </p>
              <SmallTable
                label={t('home.sales.vouchers')}
                head={[
                  t('home.sales.voucherCode'),
                  t('home.sales.voucherUsesColumn'),
                  t('home.sales.discount'),
                ]}
                rows={sales.vouchers.codes.map((code) => [
                  <span className="font-mono">{code.code}</span>,
                  code.uses,
                  formatIdr(code.discount),
                ])}
              />
            </>
          )}
        </Panel>
        <Panel title={t('home.sales.payments')} id="payments">
          {sales.payment_methods.length === 0 ? (
            <p className="text-sm text-slate-600">{t('home.sales.noSales')}</p>
          ) : (
            <SmallTable
              label={t('home.sales.payments')}
              head={[t('home.sales.method'), t('home.sales.orders'), t('home.sales.share')]}
              rows={sales.payment_methods.map((method) => [
                method.payment_name,
                method.orders,
                <span className="flex items-center justify-end gap-2">
                  <span
                    aria-hidden="true"
                    className="hidden h-2 w-16 overflow-hidden rounded bg-slate-100 sm:block"
                  >
                    <span className="block h-2 bg-slate-700" style={{ width: `${method.share * 100}%` }} />
                  </span>
                  {percent(method.share, i18n.language)}
                </span>,
              ])}
            />
          )}
          <h4 className="mt-4 text-sm font-semibold">{t('home.sales.unpaid')}</h4>
          <p className="text-sm text-slate-700" data-testid="unpaid">
            {t('home.sales.unpaidText', {
              expired: sales.unpaid.expired,
              placed: sales.unpaid.placed,
              percent: percent(
                sales.unpaid.placed ? sales.unpaid.expired / sales.unpaid.placed : 0,
                i18n.language,
              ),
            })}
          </p>
        </Panel>
      </div>
    </section>
  )
}

function PeriodTile({ period }: { period: SalesPeriodFigures }) {
  const { t } = useTranslation()
  return (
    <li
      data-testid={`period-${period.period}`}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 className="text-sm font-semibold text-slate-700">{t(`home.sales.period.${period.period}`)}</h3>
      <dl>
        <Figure
          name={t('home.sales.revenue')}
          value={formatIdr(period.current.revenue)}
          big
          change={<Change figure="revenue" period={period} />}
        />
      </dl>
      {/* A div may group a dt with its dd inside a dl, but may not hold another div. */}
      <dl className="grid grid-cols-2 gap-2">
        <Figure
          name={t('home.sales.orders')}
          value={String(period.current.orders)}
          change={<Change figure="orders" period={period} />}
        />
        <Figure
          name={t('home.sales.aov')}
          value={formatIdr(period.current.average_order_value)}
          change={<Change figure="average_order_value" period={period} />}
        />
      </dl>
    </li>
  )
}

function Figure({
  name,
  value,
  change,
  big,
}: {
  name: string
  value: string
  change: ReactNode
  big?: boolean
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{name}</dt>
      <dd className={`${big ? 'text-2xl' : 'text-base'} font-semibold tabular-nums`}>{value}</dd>
      <dd className="text-xs">{change}</dd>
    </div>
  )
}

/** "up 12 % against Rp 402.000 before", green up, red down, in words as well as colour. */
function Change({ figure, period }: { figure: keyof SalesFigures; period: SalesPeriodFigures }) {
  const { t } = useTranslation()
  const current = period.current[figure]
  const previous = period.previous[figure]
  const change = changeOf(current, previous)
  const previousText = figure === 'orders' ? String(previous) : formatIdr(previous)
  const [word, tone] =
    change === null
      ? [t('home.sales.new'), 'text-emerald-700']
      : change > 0
        ? [t('home.sales.up', { percent: `${change}%` }), 'text-emerald-700']
        : change < 0
          ? [t('home.sales.down', { percent: `${-change}%` }), 'text-red-700']
          : [t('home.sales.same'), 'text-slate-600']
  return (
    <span className={tone}>
      <span aria-hidden="true">{change === null || change > 0 ? '▲ ' : change < 0 ? '▼ ' : ''}</span>
      {t('home.sales.vsPrevious', { change: word, previous: previousText })}
    </span>
  )
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={id} className="mb-2 text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

function TopTable({ products, label }: { products: TopProduct[]; label: string }) {
  const { t } = useTranslation()
  if (products.length === 0) return <p className="text-sm text-slate-600">{t('home.sales.noSales')}</p>
  return (
    <SmallTable
      label={label}
      head={[t('home.sales.product'), t('home.sales.units'), t('home.sales.revenue')]}
      rows={products.map((p) => [
        <span>
          {p.product_name}
          <span className="block font-mono text-xs text-slate-500">{p.product_code}</span>
        </span>,
        p.units,
        formatIdr(p.revenue),
      ])}
    />
  )
}

/** A small table: the first column names the row, the others are numbers (right-aligned). */
function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollFrame label={label}>
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {head.map((name, i) => (
              <th key={name} scope="col" className={`py-1 ${i === 0 ? 'pr-3 text-left' : 'pl-3 text-right'}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r} className="border-b border-slate-100 last:border-0">
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-1 pr-3 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="py-1 pl-3 text-right tabular-nums whitespace-nowrap">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  )
}
