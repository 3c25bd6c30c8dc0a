import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { PackingSlip } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { Button, ErrorNote, Loading, ShopTime } from '../../components/ui.tsx'

/** Packing slips of the chosen orders, one per printed page (the menu and buttons are not printed). */
export function PackingSlipsPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const numbers = params.get('numbers') ?? ''
  const query = useQuery({
    queryKey: ['packing-slips', numbers],
    queryFn: () => staffApi<PackingSlip[]>('GET', '/orders/packing-slips', { query: { numbers } }),
  })
  if (query.isPending) return <Loading />
  if (query.error) return <ErrorNote error={query.error} />
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between print:hidden">
        <h1 className="text-xl font-semibold">{t('slips.title', { count: query.data.length })}</h1>
        <Button onClick={() => window.print()}>{t('slips.print')}</Button>
      </div>
      {query.data.map((slip) => (
        <article
          key={slip.sales_order_number}
          aria-label={t('slips.slip', { number: slip.sales_order_number })}
          className="break-after-page rounded-lg border border-slate-300 bg-white p-6 text-sm print:border-0 print:p-0"
        >
          <header className="mb-4 flex justify-between border-b border-slate-300 pb-3">
            <div>
              <div className="text-lg font-semibold">{slip.shop.brand_name}</div>
              <div>
                {t('slips.order')} <strong>{slip.sales_order_number}</strong> ·{' '}
                <ShopTime at={slip.order_date} />
              </div>
            </div>
            <div className="text-right">
              <div className="font-semibold">{slip.paket}</div>
              <div>{(slip.weight_grams / 1000).toLocaleString()} kg</div>
              {slip.no_resi && <div>{slip.no_resi}</div>}
            </div>
          </header>
          <section className="mb-4">
            <h2 className="text-xs font-semibold uppercase text-slate-500">{t('slips.to')}</h2>
            <p className="font-medium">
              {slip.recipient.name} · {slip.recipient.phone}
            </p>
            <p>{slip.recipient.address}</p>
            <p>
              {slip.recipient.subdistrict}, {slip.recipient.district}, {slip.recipient.city},{' '}
              {slip.recipient.province} {slip.recipient.kode_pos}
            </p>
          </section>
          <table className="w-full">
            <thead>
              <tr className="border-b border-slate-300 text-left text-xs uppercase text-slate-500">
                <th className="py-1">{t('slips.sku')}</th>
                <th className="py-1">{t('slips.item')}</th>
                <th className="py-1">{t('slips.size')}</th>
                <th className="py-1 text-right">{t('slips.qty')}</th>
                <th className="py-1 text-right">✓</th>
              </tr>
            </thead>
            <tbody>
              {slip.lines.map((line, index) => (
                <tr key={index} className="border-b border-slate-100">
                  <td className="py-1 font-mono">{line.sku_product}</td>
                  <td className="py-1">
                    {line.part_of && <span className="text-slate-500">↳ </span>}
                    {line.product_name}
                  </td>
                  <td className="py-1">{line.ukuran}</td>
                  <td className="py-1 text-right">{line.qty}</td>
                  <td className="py-1 text-right">☐</td>
                </tr>
              ))}
            </tbody>
          </table>
          {slip.note && <p className="mt-3 text-slate-600">{slip.note}</p>}
        </article>
      ))}
    </div>
  )
}
