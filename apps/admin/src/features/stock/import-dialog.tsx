import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { STOCK_ADJUST_REASONS, StockImportBodySchema, type StockAdjustReason } from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Button, ErrorNote, Field, Input, Select, SuccessNote } from '../../components/ui.tsx'

type Errors = Partial<Record<'csv' | 'reason' | 'note', string>>

/**
 * Sets the counts on hand from a CSV (a file or pasted text): all rows or none. When the server
 * refuses rows (400 STF153) each line and its problem is listed, so the sheet can be fixed.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [csv, setCsv] = useState('')
  const [reason, setReason] = useState<StockAdjustReason | ''>('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const run = useMutation({
    mutationFn: (body: unknown) =>
      staffApi<{ rows: number; changed: number }>('POST', '/stock/import', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
      void queryClient.invalidateQueries({ queryKey: ['stock-adjustments'] })
    },
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = StockImportBodySchema.safeParse({
      csv,
      reason: reason || undefined,
      note: note.trim() || undefined,
    })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    run.mutate(parsed.data)
  }
  const lines = run.error instanceof ApiError ? run.error.fields : []
  return (
    <Dialog title={t('stockImport.title')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('stockImport.intro')}</p>
        <Field label={t('stockImport.file')}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void file.text().then(setCsv)
              }}
            />
          )}
        </Field>
        <Field label={t('stockImport.paste')} error={errors.csv}>
          {(props) => (
            <textarea
              {...props}
              rows={8}
              value={csv}
              spellCheck={false}
              placeholder={'sku,warehouse,on_hand\nPRP-1001-S,1,12'}
              onChange={(event) => setCsv(event.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-500"
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('stockImport.reason')} error={errors.reason}>
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
          <Field label={t('stockImport.note')} error={errors.note}>
            {(props) => (
              <Input
                {...props}
                maxLength={300}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
        </div>
        <ErrorNote error={run.error} />
        {lines.length > 0 && (
          <div className="text-sm">
            <p className="font-medium">{t('stockImport.lineErrors')}</p>
            <ul aria-label={t('stockImport.lineErrors')} className="mt-1 list-disc pl-5 text-red-800">
              {lines.map((line, index) => (
                <li key={index}>
                  <span className="font-medium">{line.field}</span>: {line.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {run.data && <SuccessNote>{t('stockImport.done', run.data)}</SuccessNote>}
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button type="submit" disabled={run.isPending}>
            {t('stockImport.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
