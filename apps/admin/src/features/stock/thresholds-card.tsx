import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Warehouse } from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { Button, ErrorNote, Field, Input, SuccessNote } from '../../components/ui.tsx'

/**
 * Each warehouse's low-stock threshold (issue 30), for the roles that change stock: the overview's
 * "stock running low" and this list's low-stock filter both use it.
 */
export function ThresholdsCard({ warehouses }: { warehouses: Warehouse[] }) {
  const { t } = useTranslation()
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="thresholds">
      <summary className="cursor-pointer font-medium">{t('stock.thresholds')}</summary>
      <p className="mt-2 text-sm text-slate-600">{t('stock.thresholdsIntro')}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {warehouses.map((warehouse) => (
          <li key={warehouse.id}>
            <ThresholdForm warehouse={warehouse} />
          </li>
        ))}
      </ul>
    </details>
  )
}

function ThresholdForm({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [value, setValue] = useState(String(warehouse.low_stock_at))
  const save = useMutation({
    mutationFn: () =>
      staffApi<Warehouse>('PUT', `/warehouses/${warehouse.id}/low-stock`, {
        body: { low_stock_at: Number(value) },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['warehouses'] }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
        queryClient.invalidateQueries({ queryKey: ['insights'] }),
      ])
    },
  })
  const fieldError =
    save.error instanceof ApiError
      ? save.error.fields.find((f) => f.field === 'low_stock_at')?.message
      : undefined
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label={t('stock.thresholdOf', { name: warehouse.name })} error={fieldError}>
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                step={1}
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit" look="secondary" disabled={save.isPending}>
          {t('stock.thresholdSave')}
        </Button>
      </div>
      {save.isSuccess && (
        <SuccessNote>
          {t('stock.thresholdSaved', { name: warehouse.name, count: save.data.low_stock_at })}
        </SuccessNote>
      )}
      {save.error && !fieldError && <ErrorNote error={save.error} />}
    </form>
  )
}
