import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  STOCK_ADJUST_REASONS,
  StockAdjustBodySchema,
  type StockAdjustReason,
  type StockLevel,
} from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Button, ErrorNote, Field, Input, Select } from '../../components/ui.tsx'

type Errors = Partial<Record<'amount' | 'reason' | 'note', string>>

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
  const [mode, setMode] = useState<'delta' | 'set'>('delta')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState<StockAdjustReason | ''>('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const adjust = useMutation({
    mutationFn: (body: unknown) => staffApi<StockLevel>('POST', '/stock/adjust', { body }),
    onSuccess: (after) => {
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
      void queryClient.invalidateQueries({ queryKey: ['stock-adjustments'] })
      onDone(after)
    },
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const units = amount.trim() === '' ? undefined : Number(amount)
    const body = {
      sku_product: level.sku_product,
      id_warehouse: level.id_warehouse,
      [mode]: units,
      reason: reason || undefined,
      note: note.trim() || undefined,
    }
    const parsed = StockAdjustBodySchema.safeParse(body)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        const key = field === 'delta' || field === 'set' ? 'amount' : (field as keyof Errors)
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    adjust.mutate(parsed.data)
  }
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
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {value === 'delta' ? t('stock.modeDelta') : t('stock.modeSet')}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={mode === 'delta' ? t('stock.delta') : t('stock.set')}
          hint={mode === 'delta' ? t('stock.deltaHint') : undefined}
          error={errors.amount}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              step={1}
              min={mode === 'set' ? 0 : undefined}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('stock.reason')} error={errors.reason}>
          {(props) => (
            <Select
              {...props}
              value={reason}
              onChange={(event) => setReason(event.target.value as StockAdjustReason)}
            >
              <option value="">—</option>
              {STOCK_ADJUST_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`stock.reasons.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('stock.note')} hint={t('stock.noteHint')} error={errors.note}>
          {(props) => (
            <Input
              {...props}
              maxLength={300}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
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
