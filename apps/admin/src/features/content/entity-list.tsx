import { useState, type ReactNode } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import type { ZodType } from 'zod'
import { DataTable } from '../../components/data-table.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Button, Card } from '../../components/ui.tsx'
import { EntityForm, type FieldSpec } from './entity-form.tsx'

/**
 * A list of content rows (FAQ categories, questions, articles, pages, stores): a table, a dialog
 * to add one, a dialog to edit each (with the saved HTML previewed), and a delete that asks first.
 */
export function EntityList<T extends object>({
  title,
  rows,
  columns,
  keyOf,
  nameOf,
  fields,
  createSchema,
  updateSchema,
  create,
  update,
  remove,
  queryKey,
  texts,
  toolbar,
}: {
  title: string
  rows: T[]
  columns: { id: string; header: string; cell: (row: T) => ReactNode }[]
  keyOf: (row: T) => string
  nameOf: (row: T) => string
  fields: FieldSpec[]
  createSchema: ZodType
  updateSchema: ZodType
  create: (body: unknown) => Promise<T>
  update: (key: string, body: unknown) => Promise<T>
  remove: (key: string) => Promise<unknown>
  queryKey: QueryKey
  texts: {
    add: string
    addTitle: string
    edit: (name: string) => string
    remove: (name: string) => string
    removeText: string
  }
  toolbar?: ReactNode
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey })
  const editedRow = rows.find((row) => keyOf(row) === editing)
  const column = createColumnHelper<T>()
  const tableColumns = [
    ...columns.map((spec) =>
      column.display({ id: spec.id, header: spec.header, cell: ({ row }) => spec.cell(row.original) }),
    ),
    column.display({
      id: 'actions',
      // Positioned inside the cell: an absolute label would otherwise widen the page past a scrolling table.
      header: () => (
        <span className="relative">
          <span className="sr-only">{t('content.actions')}</span>
        </span>
      ),
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2">
          <Button
            look="secondary"
            aria-label={texts.edit(nameOf(row.original))}
            onClick={() => setEditing(keyOf(row.original))}
          >
            {t('content.edit')}
          </Button>
          <ConfirmButton
            label={t('common.delete')}
            buttonLabel={texts.remove(nameOf(row.original))}
            title={texts.remove(nameOf(row.original))}
            confirm={t('common.delete')}
            onConfirm={async () => {
              await remove(keyOf(row.original))
              await refresh()
            }}
          >
            {texts.removeText}
          </ConfirmButton>
        </div>
      ),
    }),
  ]
  return (
    <Card
      title={title}
      actions={
        <Button onClick={() => setAdding(true)} className="whitespace-nowrap">
          {texts.add}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        {toolbar}
        <DataTable caption={title} columns={tableColumns} rows={rows} />
      </div>
      {adding && (
        <Dialog title={texts.addTitle} onClose={() => setAdding(false)}>
          <EntityForm
            formLabel={texts.addTitle}
            fields={fields}
            schema={createSchema}
            save={create}
            submitLabel={texts.add}
            onSaved={() => {
              void refresh()
              setAdding(false)
            }}
          />
        </Dialog>
      )}
      {editedRow && (
        <Dialog title={texts.edit(nameOf(editedRow))} onClose={() => setEditing(null)}>
          <EntityForm
            formLabel={texts.edit(nameOf(editedRow))}
            fields={fields}
            row={editedRow}
            schema={updateSchema}
            save={(body) => update(keyOf(editedRow), body)}
            onSaved={() => void refresh()}
          />
        </Dialog>
      )}
    </Card>
  )
}
