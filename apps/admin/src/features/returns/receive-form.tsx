import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  NOT_FOR_SALE_REASONS,
  StaffReturnReceiveBodySchema,
  type StaffReturn,
  type StaffReturnReceiveBody,
  type Warehouse,
} from '@busana/contract/schemas'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Field, Input, Select } from '../../components/ui.tsx'

interface LineCount {
  accepted: string
  warehouse: string
  reason: string
}

/** What staff counted, as the receive call takes it, or the problems per line (sku → field → message). */
export function receiveBody(
  lines: StaffReturn['lines'],
  counts: Record<string, LineCount>,
):
  | { body: StaffReturnReceiveBody; problems: null }
  | { body: null; problems: Record<string, Partial<LineCount>> } {
  const problems: Record<string, Partial<LineCount>> = {}
  const body = {
    lines: lines.map((line) => {
      const count = counts[line.sku_product]!
      const accepted = count.accepted.trim() === '' ? Number.NaN : Number(count.accepted)
      const reason = count.reason.trim()
      if (!Number.isInteger(accepted)) problems[line.sku_product] = { accepted: 'must be a whole number' }
      else if (accepted < 0) problems[line.sku_product] = { accepted: 'must be at least 0' }
      else if (accepted > line.qty) problems[line.sku_product] = { accepted: `must be at most ${line.qty}` }
      else if (accepted < line.qty && reason.length < 3)
        problems[line.sku_product] = { reason: 'whyNotRequired' }
      return {
        sku_product: line.sku_product,
        accepted_qty: accepted,
        ...(count.warehouse && accepted > 0 ? { id_warehouse: Number(count.warehouse) } : {}),
        ...(accepted < line.qty ? { not_accepted_reason: reason } : {}),
      }
    }),
  }
  if (Object.keys(problems).length > 0) return { body: null, problems }
  const parsed = StaffReturnReceiveBodySchema.safeParse(body)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = issue.path[1]
      const line = typeof index === 'number' ? lines[index] : undefined
      const field = issue.path[2] === 'not_accepted_reason' ? 'reason' : 'accepted'
      if (line) problems[line.sku_product] = { [field]: issue.message }
    }
    return { body: null, problems }
  }
  return { body: parsed.data, problems: null }
}

/**
 * Counting an approved return's parcel (issue 40): per line the units accepted (all by default), the
 * warehouse they go back into (the selling one by default; staff without the stock screen leave it
 * to the server, which picks the same), and why any are not accepted (they go back to the buyer).
 * Defective units are said to go to the not-for-sale count. Nothing is sent until staff confirm.
 */
export function ReceiveForm({
  ret,
  warehouses,
  onReceive,
  onDone,
}: {
  ret: StaffReturn
  /** Null: the warehouses are not for this role (or not loaded): the server's default. */
  warehouses: Warehouse[] | null
  onReceive: (body: StaffReturnReceiveBody) => Promise<unknown>
  onDone?: () => void
}) {
  const { t } = useTranslation()
  const selling = warehouses?.find((w) => w.sellable) ?? warehouses?.[0]
  const [counts, setCounts] = useState<Record<string, LineCount>>(() =>
    Object.fromEntries(
      ret.lines.map((line) => [
        line.sku_product,
        { accepted: String(line.qty), warehouse: selling ? String(selling.id) : '', reason: '' },
      ]),
    ),
  )
  const set = (sku: string, change: Partial<LineCount>) =>
    setCounts((now) => ({ ...now, [sku]: { ...now[sku]!, ...change } }))
  // The warehouses may arrive after the first render: the selling one is then the default.
  const warehouseOf = (sku: string) => counts[sku]!.warehouse || (selling ? String(selling.id) : '')
  const result = receiveBody(
    ret.lines,
    Object.fromEntries(
      ret.lines.map((line) => [
        line.sku_product,
        { ...counts[line.sku_product]!, warehouse: warehouseOf(line.sku_product) },
      ]),
    ),
  )
  const message = (text: string | undefined) =>
    text === undefined ? undefined : text === 'whyNotRequired' ? t('returns.whyNotRequired') : text
  const accepted = result.body?.lines.reduce((sum, line) => sum + line.accepted_qty, 0) ?? 0
  const asked = ret.lines.reduce((sum, line) => sum + line.qty, 0)
  return (
    <div className="flex flex-col gap-3" data-testid="receive-form">
      <p className="text-sm text-slate-600">{t('returns.receiveIntro')}</p>
      <ul className="flex flex-col gap-3">
        {ret.lines.map((line) => {
          const count = counts[line.sku_product]!
          const problem = result.problems?.[line.sku_product]
          const names = { name: line.product_master_name, size: line.ukuran }
          const acceptedQty = Number(count.accepted)
          const short = Number.isInteger(acceptedQty) && acceptedQty < line.qty ? line.qty - acceptedQty : 0
          return (
            <li key={line.sku_product}>
              <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
                {/* Floated, the legend sits inside the box rather than on its border. */}
                <legend className="float-left mb-1 w-full text-sm">
                  <span className="font-medium">{t('returns.lineOf', names)}</span> ·{' '}
                  {t('returns.qty', { count: line.qty })} · {t(`returnReason.${line.reason}`)}
                </legend>
                <div className="clear-both grid gap-2 sm:grid-cols-2">
                  <Field
                    label={t('returns.acceptedQty', { qty: line.qty })}
                    error={message(problem?.accepted)}
                  >
                    {(props) => (
                      <Input
                        {...props}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.qty}
                        value={count.accepted}
                        onChange={(event) => set(line.sku_product, { accepted: event.target.value })}
                      />
                    )}
                  </Field>
                  {warehouses && warehouses.length > 0 && (
                    <Field label={t('returns.warehouse')}>
                      {(props) => (
                        <Select
                          {...props}
                          value={warehouseOf(line.sku_product)}
                          onChange={(event) => set(line.sku_product, { warehouse: event.target.value })}
                        >
                          {warehouses.map((warehouse) => (
                            <option key={warehouse.id} value={warehouse.id}>
                              {warehouse.sellable
                                ? t('returns.sellable', { name: warehouse.name })
                                : warehouse.name}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                  )}
                </div>
                {short > 0 && (
                  <Field label={t('returns.whyNot', { count: short })} error={message(problem?.reason)}>
                    {(props) => (
                      <Input
                        {...props}
                        value={count.reason}
                        maxLength={300}
                        onChange={(event) => set(line.sku_product, { reason: event.target.value })}
                      />
                    )}
                  </Field>
                )}
                {NOT_FOR_SALE_REASONS.includes(line.reason) && (
                  <p className="text-xs text-amber-800" data-testid="defect-note">
                    {t('returns.defectNote')}
                  </p>
                )}
              </fieldset>
            </li>
          )
        })}
      </ul>
      {(!warehouses || warehouses.length === 0) && (
        <p className="text-xs text-slate-500">{t('returns.sellingDefault')}</p>
      )}
      <ConfirmButton
        look="primary"
        label={t('returns.receive')}
        title={t('returns.receiveTitle', { number: ret.return_number })}
        confirm={t('returns.receiveConfirm')}
        disabled={result.body === null}
        onConfirm={() => onReceive(result.body!)}
        onDone={onDone}
      >
        <p>{t('returns.receiveSummary', { accepted, qty: asked })}</p>
        {ret.refund && (
          <p className="mt-2">
            {t('returns.receiveRefund')}{' '}
            {ret.refund.method === 'PROVIDER' &&
              t('returns.receiveProvider', { payment: ret.refund.payment_name })}
          </p>
        )}
      </ConfirmButton>
    </div>
  )
}
