import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useTranslation } from 'react-i18next'
import { formatIdr, type SalesOverview } from '@busana/contract/schemas'
import { shortDay, shortIdr } from './home.api.ts'

/**
 * Brand colours of the chart: distinct for the common colour-blindnesses (Okabe–Ito), each at
 * least 3:1 against white (WCAG 1.4.11); the order follows the brands' revenue.
 */
export const BRAND_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8a6d00', '#56B4E9', '#555555']
const ORDERS_COLOUR = '#1e293b'

/**
 * Revenue per day by brand (stacked bars) and orders per day (a line on its own axis), 30 days
 * (decision 050: Recharts). The chart is a picture for sighted staff; the same figures are in the
 * table beside it, so the picture itself is hidden from screen readers.
 */
export default function SalesChart({ sales }: { sales: SalesOverview }) {
  const { t, i18n } = useTranslation()
  const brandName = (name: string) => name || t('home.sales.otherBrand')
  const rows = sales.daily.map((day) => ({
    date: day.date,
    orders: day.orders,
    ...Object.fromEntries(day.by_brand.map((b, i) => [`b${i}`, b.revenue])),
  }))
  return (
    <div aria-hidden="true" className="h-64 w-full sm:h-80" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={rows}
          margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => shortDay(date, i18n.language)}
            interval="preserveStartEnd"
            minTickGap={24}
            tick={{ fontSize: 12, fill: '#475569' }}
          />
          <YAxis
            yAxisId="revenue"
            tickFormatter={(value: number) => shortIdr(value, i18n.language)}
            width={72}
            tick={{ fontSize: 12, fill: '#475569' }}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            width={32}
            tick={{ fontSize: 12, fill: '#475569' }}
          />
          <Tooltip
            labelFormatter={(date) => shortDay(String(date), i18n.language)}
            formatter={(value, name) => [
              name === t('home.sales.orders') ? String(value) : formatIdr(Number(value)),
              name,
            ]}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {sales.brands.map((brand, i) => (
            <Bar
              key={brand.id_brand ?? 'none'}
              yAxisId="revenue"
              dataKey={`b${i}`}
              name={brandName(brand.name)}
              stackId="revenue"
              fill={BRAND_COLOURS[i % BRAND_COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
          <Line
            yAxisId="orders"
            dataKey="orders"
            name={t('home.sales.orders')}
            stroke={ORDERS_COLOUR}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
