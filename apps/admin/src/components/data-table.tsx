import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { ScrollFrame } from './scroll-frame.tsx'
import { Button } from './ui.tsx'

/** A table of rows (TanStack Table, headless) with the back office's look, and optional paging. */
export function DataTable<T>({
  columns,
  rows,
  caption,
  paging,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[]
  rows: T[]
  caption: string
  paging?: { page: number; pages: number; onPage: (page: number) => void }
}) {
  const { t } = useTranslation()
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() })
  return (
    <div className="flex flex-col gap-3">
      <ScrollFrame label={caption} className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="align-top hover:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500">
                  {t('common.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollFrame>
      {paging && paging.pages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-sm" aria-label={caption}>
          <Button look="secondary" disabled={paging.page <= 1} onClick={() => paging.onPage(paging.page - 1)}>
            {t('common.previous')}
          </Button>
          <span>{t('common.page', { page: paging.page, pages: paging.pages })}</span>
          <Button
            look="secondary"
            disabled={paging.page >= paging.pages}
            onClick={() => paging.onPage(paging.page + 1)}
          >
            {t('common.next')}
          </Button>
        </nav>
      )}
    </div>
  )
}
