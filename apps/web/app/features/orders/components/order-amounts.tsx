import { formatIdr, isFeeShown } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { OrderDetail } from '../orders.api.ts'

function Row({ label, value, minus = false }: { label: string; value: number; minus?: boolean }) {
  return (
    <p className="flex justify-between gap-4">
      <span className="text-neutral-600">{label}</span>
      <span className="tabular-nums">{minus ? `- ${formatIdr(value)}` : formatIdr(value)}</span>
    </p>
  )
}

/**
 * An order's amounts: subtotal, shipping, the packing and service fees and the discount when there
 * are any, and the total. The owner's detail and the masked lookup show the same block.
 */
export function OrderAmounts({ header }: { header: OrderDetail['sales_header'] }) {
  const { t } = useTranslation('orders')
  return (
    <section aria-label={t('amounts')} className="grid gap-2 border-t border-neutral-200 pt-4 text-sm">
      <Row label={t('subtotal')} value={header.subtotal} />
      <Row label={t('shipping')} value={header.biaya_kirim} />
      {isFeeShown(header.packing_fee) && <Row label={t('packingFee')} value={header.packing_fee} />}
      {isFeeShown(header.payment_fee) && <Row label={t('serviceFee')} value={header.payment_fee} />}
      {isFeeShown(header.promo_value) && <Row label={t('discount')} value={header.promo_value} minus />}
      <p className="flex justify-between gap-4 border-t border-neutral-200 pt-3 font-semibold">
        <span className="tracking-[0.2em]">{t('total')}</span>
        <span className="tabular-nums" data-testid="order-total">
          {formatIdr(header.total_bayar)}
        </span>
      </p>
    </section>
  )
}
