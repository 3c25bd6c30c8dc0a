import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  STOCK_ADJUST_REASONS,
  StockImportBodySchema,
  type StockAdjustReason,
  type StockImportBody,
} from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Button, ErrorNote, Field, Input, Select, SuccessNote } from '../../components/ui.tsx'

type ImportForm = { csv: string; reason: StockAdjustReason | ''; note: string }
/** The CSV as pasted or read; no reason and an empty note are left out. */
const ImportSchema = formSchema(
  StockImportBodySchema,
  (form: ImportForm) => ({
    csv: form.csv,
    reason: form.reason || undefined,
    note: form.note.trim() || undefined,
  }),
  'csv',
)

/**
 * Sets the counts on hand from a CSV (a file or pasted text): all rows or none. When the server
 * refuses rows (400 STF153) each line and its problem is listed, so the sheet can be fixed.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<ImportForm, unknown, StockImportBody>({
    resolver: zodResolver(ImportSchema),
    defaultValues: { csv: '', reason: '', note: '' },
  })
  const { errors } = form.formState
  const run = useMutation({
    mutationFn: (body: StockImportBody) =>
      staffApi<{ rows: number; changed: number }>('POST', '/stock/import', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
      void queryClient.invalidateQueries({ queryKey: ['stock-adjustments'] })
    },
  })
  const submit = form.handleSubmit((body) => run.mutate(body))
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
                if (file) void file.text().then((text) => form.setValue('csv', text))
              }}
            />
          )}
        </Field>
        <Field label={t('stockImport.paste')} error={errors.csv?.message}>
          {(props) => (
            <textarea
              {...props}
              rows={8}
              spellCheck={false}
              placeholder={'sku,warehouse,on_hand\nPRP-1001-S,1,12'}
              {...form.register('csv')}
              className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-500"
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('stockImport.reason')} error={errors.reason?.message}>
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
          <Field label={t('stockImport.note')} error={errors.note?.message}>
            {(props) => <Input {...props} maxLength={300} {...form.register('note')} />}
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
