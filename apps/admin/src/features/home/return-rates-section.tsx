import { useTranslation } from 'react-i18next'
import type { ReturnRateRow, ReturnRates } from '@busana/contract/schemas'

/**
 * The least a product or size must have sold to be ranked: the API's RETURN_RATE_MIN_SOLD
 * (apps/api/src/domains/returns/insights.ts), said here so staff know why a product is missing.
 */
const MIN_SOLD = 5

/**
 * "What comes back" (issue 40): the return rate by product and by size with the main reason, so a
 * merchandiser sees what runs small ("Kemeja Linen: 18% returned, mostly Too small").
 */
export function ReturnRatesSection({ rates }: { rates: ReturnRates }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="return-rates-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="return-rates"
    >
      <div>
        <h2 id="return-rates-title" className="text-lg font-semibold">
          {t('home.returns.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('home.returns.intro', { days: rates.days, min: MIN_SOLD })}
        </p>
      </div>
      {rates.products.length === 0 ? (
        <p className="text-sm text-slate-600">{t('home.returns.none')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <RateList title={t('home.returns.products')} rows={rates.products} testId="return-rates-products" />
          <RateList title={t('home.returns.sizes')} rows={rates.sizes} testId="return-rates-sizes" />
        </div>
      )}
    </section>
  )
}

function RateList({ title, rows, testId }: { title: string; rows: ReturnRateRow[]; testId: string }) {
  const { t, i18n } = useTranslation()
  const percent = (rate: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      style: 'percent',
      maximumFractionDigits: 0,
    }).format(rate)
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{title}</h3>
      {rows.length === 0 && <p className="text-sm text-slate-600">{t('home.returns.noneHere')}</p>}
      <ol className="flex flex-col gap-2 text-sm" data-testid={testId}>
        {rows.map((row) => {
          const reason = row.reasons[0]?.reason
          const words = { name: row.product_name, size: row.ukuran, rate: percent(row.rate) }
          return (
            <li key={`${row.product_code}:${row.ukuran ?? ''}`}>
              <span className="font-medium">
                {row.ukuran === null ? t('home.returns.product', words) : t('home.returns.size', words)}
                {reason && t('home.returns.mostly', { reason: t(`returnReason.${reason}`) })}
              </span>
              <span className="block text-xs text-slate-500">
                {row.product_code} · {t('home.returns.units', { returned: row.returned, sold: row.sold })}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
