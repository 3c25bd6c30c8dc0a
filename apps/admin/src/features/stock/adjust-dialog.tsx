import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  STOCK_ADJUST_REASONS,
  StockAdjustBodySchema,
  type StockAdjustBody,
  type StockAdjustReason,
  type StockLevel,
} from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Button, ErrorNote, Field, Input, Select } from '../../components/ui.tsx'

type AdjustForm = { mode: 'delta' | 'set'; amount: string; reason: StockAdjustReason | ''; note: string }

/** The sku and warehouse of the row, the amount as `delta` or `set`; empty fields are left out. */
const adjustSchema = (level: StockLevel) =>
  formSchema(
    StockAdjustBodySchema,
    (form: AdjustForm) => ({
      sku_product: level.sku_product,
      id_warehouse: level.id_warehouse,
      [form.mode]: form.amount.trim() === '' ? undefined : Number(form.amount),
      reason: form.reason || undefined,
      note: form.note.trim() || undefined,
    }),
    // delta or set (and anything of the row itself) is told under the amount.
    'amount',
  )

/**
 * Changes one sku's count on hand in one warehouse: by a number of units, or set to what was
 * counted; a reason from the fixed list, a note. The server never lets it go below what open orders
 * hold (409 STF152), which is explained with the held number.
 */
export function AdjustDialog({
  level,
  onClose,
  onDone,
}: {
  level: StockLevel
  onClose: () => void
  onDone: (after: StockLevel) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<AdjustForm, unknown, StockAdjustBody>({
    resolver: zodResolver(adjustSchema(level)),
    defaultValues: { mode: 'delta', amount: '', reason: '', note: '' },
  })
  const mode = form.watch('mode')
  const { errors } = form.formState
  const adjust = useMutation({
    mutationFn: (body: StockAdjustBody) => staffApi<StockLevel>('POST', '/stock/adjust', { body }),
    onSuccess: (after) => {
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
      void queryClient.invalidateQueries({ queryKey: ['stock-adjustments'] })
      onDone(after)
    },
  })
  const submit = form.handleSubmit((body) => adjust.mutate(body))
  const belowHeld = adjust.error instanceof ApiError && adjust.error.code === 'STF152'
  return (
    <Dialog title={t('stock.adjustTitle', { sku: level.sku_product })} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">
          {level.product_name} · {level.ukuran} · {level.warehouse_name}
          <br />
          {t('stock.adjustNow', { onHand: level.on_hand, held: level.held, available: level.available })}
        </p>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-700">{t('stock.mode')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(['delta', 'set'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" value={value} {...form.register('mode')} />
                {value === 'delta' ? t('stock.modeDelta') : t('stock.modeSet')}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={mode === 'delta' ? t('stock.delta') : t('stock.set')}
          hint={mode === 'delta' ? t('stock.deltaHint') : undefined}
          error={errors.amount?.message}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              step={1}
              min={mode === 'set' ? 0 : undefined}
              {...form.register('amount')}
            />
          )}
        </Field>
        <Field label={t('stock.reason')} error={errors.reason?.message}>
          {(props) => (
            <Select {...props} {...form.register('reason')}>
              <option value="">—</option>
              {STOCK_ADJUST_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`stock.reasons.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('stock.note')} hint={t('stock.noteHint')} error={errors.note?.message}>
          {(props) => <Input {...props} maxLength={300} {...form.register('note')} />}
        </Field>
        <ErrorNote error={adjust.error} />
        {belowHeld && (
          <p className="text-sm text-red-800" data-testid="below-held">
            {t('stock.belowHeld', { held: level.held })}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={adjust.isPending}>
            {t('stock.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
