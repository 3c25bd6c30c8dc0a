import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BulkShipBodySchema, type AdminOrderListItem } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Badge, Button, ErrorNote, Input } from '../../components/ui.tsx'

type Result = { sales_order_number: string; ok: boolean; message: string | null }
type Answer = { shipped: number; failed: number; results: Result[] }

/** Waybills for several paid orders at once: each order is shipped on its own, the failures are listed. */
export function BulkShipDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: AdminOrderListItem[]
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [rows, setRows] = useState(() =>
    orders.map((order) => ({ sales_order_number: order.sales_order_number, courier: '', no_resi: '' })),
  )
  const [invalid, setInvalid] = useState<string | null>(null)
  const ship = useMutation({
    mutationFn: (body: unknown) => staffApi<Answer>('POST', '/orders/bulk-ship', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      onDone()
    },
  })
  const submit = () => {
    const body = {
      orders: rows
        .filter((row) => row.no_resi.trim() !== '')
        .map((row) => ({ ...row, courier: row.courier.trim() || undefined })),
    }
    const parsed = BulkShipBodySchema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      setInvalid(`${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim())
      return
    }
    setInvalid(null)
    ship.mutate(parsed.data)
  }
  const results = new Map(ship.data?.results.map((result) => [result.sales_order_number, result]))
  return (
    <Dialog title={t('orders.bulkTitle')} onClose={onClose}>
      <p className="mb-3 text-sm text-slate-600">{t('orders.bulkIntro')}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs uppercase text-slate-500">
            <th className="py-1">{t('orders.number')}</th>
            <th className="py-1">{t('orders.courier')}</th>
            <th className="py-1">{t('orders.waybill')}</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const result = results.get(row.sales_order_number)
            const update = (field: 'courier' | 'no_resi', value: string) =>
              setRows((now) => now.map((r, i) => (i === index ? { ...r, [field]: value } : r)))
            return (
              <tr key={row.sales_order_number} className="align-top">
                <td className="py-1 pr-2 font-medium">{row.sales_order_number}</td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={t('orders.courierOf', { number: row.sales_order_number })}
                    placeholder={t('orders.courierHint')}
                    value={row.courier}
                    onChange={(event) => update('courier', event.target.value)}
                  />
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={t('orders.waybillOf', { number: row.sales_order_number })}
                    value={row.no_resi}
                    onChange={(event) => update('no_resi', event.target.value)}
                  />
                </td>
                <td className="py-1">
                  {result &&
                    (result.ok ? (
                      <Badge tone="green">{t('orders.shipped')}</Badge>
                    ) : (
                      <span className="text-xs text-red-700">{result.message}</span>
                    ))}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div className="mt-4 flex flex-col gap-2">
        {invalid && (
          <p role="alert" className="text-sm text-red-700">
            {invalid}
          </p>
        )}
        <ErrorNote error={ship.error} />
        {ship.data && (
          <p role="status" className="text-sm">
            {t('orders.bulkResult', { shipped: ship.data.shipped, failed: ship.data.failed })}
          </p>
        )}
        <Button className="self-end" onClick={submit} disabled={ship.isPending}>
          {t('orders.shipNow')}
        </Button>
      </div>
    </Dialog>
  )
}
