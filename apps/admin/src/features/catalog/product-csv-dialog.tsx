import { useState, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  parseProductCsvErrorField,
  type ProductCsvChange,
  type ProductCsvImportResult,
  type ProductCsvSummary,
} from '@busana/contract/schemas'
import { ApiError } from '../../lib/api.ts'
import { importProductsFile } from './product-csv.api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Button, ErrorNote, Field, SuccessNote } from '../../components/ui.tsx'

const SUMMARY_KEYS: (keyof ProductCsvSummary)[] = [
  'rows',
  'products_created',
  'products_updated',
  'sizes_added',
  'sizes_updated',
  'pictures_added',
  'stock_changes',
  'unchanged_lines',
]

function Summary({ summary }: { summary: ProductCsvSummary }) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {SUMMARY_KEYS.map((key) => (
        <div key={key}>
          <dt className="text-slate-600">{t(`productCsv.summary.${key}`)}</dt>
          <dd className="font-medium">{summary[key]}</dd>
        </div>
      ))}
    </dl>
  )
}

/** One change in words: "Stock at Gudang Jakarta: 4 → 10 (+6)". */
function useChangeText() {
  const { t } = useTranslation()
  return (change: ProductCsvChange) => {
    switch (change.kind) {
      case 'stock':
        return t('productCsv.kinds.stock', {
          warehouse: change.warehouse_name,
          from: change.from,
          to: change.to,
          delta: `${(change.delta ?? 0) > 0 ? '+' : ''}${change.delta}`,
        })
      case 'update_product':
      case 'update_size':
        return t(`productCsv.kinds.${change.kind}`, {
          fields: Object.entries(change.fields ?? {})
            .map(([field, { from, to }]) => `${field}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`)
            .join('; '),
        })
      case 'add_pictures':
        return t('productCsv.kinds.add_pictures', { urls: (change.urls ?? []).join(', ') })
      default:
        return t(`productCsv.kinds.${change.kind}`)
    }
  }
}

/** A file's lines as a three-column table: its line number, a code and what about it. */
function LinesTable({
  caption,
  headers,
  rows,
  className,
}: {
  caption: ReactNode
  headers: [string, string, string]
  rows: { line: number | string; code: string; text: string }[]
  className?: string
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption}
        <thead>
          <tr className="border-b border-slate-200">
            {headers.map((header, index) => (
              <th key={header} scope="col" className={index < 2 ? 'py-1 pr-2' : 'py-1'}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={className}>
          {rows.map((row, index) => (
            <tr key={index} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-2">{row.line}</td>
              <td className="py-1 pr-2 font-mono text-xs break-all">{row.code}</td>
              <td className="py-1 break-words">{row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Changes({ result }: { result: ProductCsvImportResult }) {
  const { t } = useTranslation()
  const text = useChangeText()
  if (result.changes.length === 0) return <p className="text-sm">{t('productCsv.nothing')}</p>
  return (
    <>
      <LinesTable
        caption={<caption className="sr-only">{t('productCsv.changesCaption')}</caption>}
        headers={[t('productCsv.line'), t('productCsv.product'), t('productCsv.change')]}
        rows={result.changes.map((change) => ({
          line: change.line,
          code: change.sku_product ?? change.product_code,
          text: text(change),
        }))}
      />
      {result.changes_truncated && <p className="mt-1 text-xs text-slate-600">{t('productCsv.truncated')}</p>}
    </>
  )
}

function Errors({ error }: { error: ApiError }) {
  const { t } = useTranslation()
  return (
    <LinesTable
      caption={<caption className="text-left font-medium">{t('productCsv.errorsCaption')}</caption>}
      headers={[t('productCsv.line'), t('productCsv.column'), t('productCsv.problem')]}
      className="text-red-800"
      rows={error.fields.map((item) => {
        const { line, column } = parseProductCsvErrorField(item.field)
        return { line: line ?? '—', code: column ?? '—', text: item.message }
      })}
    />
  )
}

/**
 * Import products from CSV (issue 43 part 7): choose a file, see what it would change (a dry run:
 * counts and the lines) or its errors by line and column, then apply it. All or nothing.
 */
export function ProductCsvDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const check = useMutation({ mutationFn: (chosen: File) => importProductsFile(chosen, true) })
  const apply = useMutation({
    mutationFn: (chosen: File) => importProductsFile(chosen, false),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
  const failed = apply.error ?? check.error
  const planned = check.data
  return (
    <Dialog title={t('productCsv.title')} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('productCsv.intro')}</p>
        <Field label={t('productCsv.file')} hint={t('productCsv.fileHint')}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv"
              className="text-sm"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                check.reset()
                apply.reset()
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            look="secondary"
            disabled={!file || check.isPending || apply.isPending}
            onClick={() => file && check.mutate(file)}
          >
            {check.isPending ? t('productCsv.checking') : t('productCsv.check')}
          </Button>
        </div>
        <ErrorNote error={failed} />
        {failed instanceof ApiError && failed.fields.length > 0 && <Errors error={failed} />}
        {planned && !apply.data && (
          <section aria-label={t('productCsv.planTitle')} className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold">{t('productCsv.planTitle')}</h3>
            <Summary summary={planned.summary} />
            <Changes result={planned} />
            {planned.changes.length > 0 && (
              <div className="flex justify-end">
                <Button disabled={apply.isPending} onClick={() => file && apply.mutate(file)}>
                  {apply.isPending ? t('productCsv.applying') : t('productCsv.apply')}
                </Button>
              </div>
            )}
          </section>
        )}
        {apply.data && (
          <>
            <SuccessNote>{t('productCsv.done')}</SuccessNote>
            <Summary summary={apply.data.summary} />
          </>
        )}
      </div>
    </Dialog>
  )
}
