import { useTranslation } from 'react-i18next'
import { Card, ErrorNote, Loading } from '../../components/ui.tsx'
import { useProductAlerts } from './catalog.api.ts'

/**
 * How many members wait for each size to come back, and for the price to drop (issue 42): the
 * merchandiser restocks what is asked for. Published products only (members ask on the shop's page).
 */
export function WaitingCard({ code }: { code: string }) {
  const { t } = useTranslation()
  const query = useProductAlerts(code)
  return (
    <Card title={t('waiting.title')}>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorNote error={query.error} />
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-xs text-slate-500">{t('waiting.hint')}</p>
          <table className="w-full">
            <thead>
              <tr className="text-left text-xs uppercase text-slate-500">
                <th className="py-1">{t('waiting.size')}</th>
                <th className="py-1 text-right">{t('waiting.count')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.sizes.map((size) => (
                <tr key={size.sku_product} className="border-t border-slate-100">
                  <th scope="row" className="py-1 text-left font-normal">
                    {size.ukuran} <span className="break-all text-xs text-slate-500">{size.sku_product}</span>
                  </th>
                  <td className={`py-1 text-right tabular-nums ${size.waiting > 0 ? 'font-semibold' : ''}`}>
                    {size.waiting}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="flex justify-between gap-2 border-t border-slate-200 pt-2">
            <span>{t('waiting.priceDrop')}</span>
            <span className="font-semibold tabular-nums">{query.data.price_drop_waiting}</span>
          </p>
          {query.data.price_drop_waiting === 0 && query.data.sizes.every((size) => size.waiting === 0) && (
            <p className="text-slate-500">{t('waiting.nobody')}</p>
          )}
        </div>
      )}
    </Card>
  )
}
