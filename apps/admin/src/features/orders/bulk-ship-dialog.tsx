import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BulkShipBodySchema, type AdminOrderListItem, type BulkShipBody } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Badge, Button, ErrorNote, Input } from '../../components/ui.tsx'

type Result = { sales_order_number: string; ok: boolean; message: string | null }
type Answer = { shipped: number; failed: number; results: Result[] }
type BulkShipForm = { orders: { sales_order_number: string; courier: string; no_resi: string }[] }

/** Rows without a waybill stay unshipped; an empty courier is the order's own. The first refusal is told. */
const BulkShipSchema = formSchema(
  BulkShipBodySchema,
  (form: BulkShipForm) => ({
    orders: form.orders
      .filter((row) => row.no_resi.trim() !== '')
      .map((row) => ({ ...row, courier: row.courier.trim() || undefined })),
  }),
  'orders',
  'path',
)

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
  const form = useForm<BulkShipForm, unknown, BulkShipBody>({
    resolver: zodResolver(BulkShipSchema),
    defaultValues: {
      orders: orders.map((order) => ({
        sales_order_number: order.sales_order_number,
        courier: '',
        no_resi: '',
      })),
    },
  })
  const rows = form.getValues('orders')
  // On a list of rows the resolver puts the list's own refusal at its `root`.
  const invalid = form.formState.errors.orders?.root?.message ?? form.formState.errors.orders?.message
  const ship = useMutation({
    mutationFn: (body: BulkShipBody) => staffApi<Answer>('POST', '/orders/bulk-ship', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      onDone()
    },
  })
  // The rows sit in a table, where a <form> may not: the ship button submits them.
  const submit = form.handleSubmit((body) => ship.mutate(body))
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
            return (
              <tr key={row.sales_order_number} className="align-top">
                <td className="py-1 pr-2 font-medium">{row.sales_order_number}</td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={t('orders.courierOf', { number: row.sales_order_number })}
                    placeholder={t('orders.courierHint')}
                    {...form.register(`orders.${index}.courier`)}
                  />
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={t('orders.waybillOf', { number: row.sales_order_number })}
                    {...form.register(`orders.${index}.no_resi`)}
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
        <Button className="self-end" onClick={() => void submit()} disabled={ship.isPending}>
          {t('orders.shipNow')}
        </Button>
      </div>
    </Dialog>
  )
}
