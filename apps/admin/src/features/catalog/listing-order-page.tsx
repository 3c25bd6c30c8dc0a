import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { AdminCategory, AdminCategoryProduct, CategoryNewProducts } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import {
  Badge,
  Button,
  Card,
  ErrorNote,
  Field,
  Loading,
  PageHeader,
  Select,
  SuccessNote,
} from '../../components/ui.tsx'
import { useBrandParam } from './brand-picker.tsx'
import { useCategories } from './catalog.api.ts'

const listingKey = (id: number) => ['category-listing', id] as const

/**
 * The order of a category's listing (issue 43): the storefront's default order. A product is
 * dragged to its place, or moved with its buttons (up, down, to the top, to the bottom) by keyboard
 * or on a phone; the drag itself also works from the keyboard (space, arrows, space). Each move is
 * one call that changes only the order (POST …/products/reorder), so a product another member of
 * staff adds meanwhile keeps its place; the list then shows the order as stored.
 */
export function ListingOrderPage() {
  const { t } = useTranslation()
  const id = Number(useParams().id)
  const client = useQueryClient()
  const [brand] = useBrandParam()
  const category = useCategories(brand).data?.find((c) => c.id === id)
  const listing = useQuery({
    queryKey: listingKey(id),
    queryFn: () => staffApi<AdminCategoryProduct[]>('GET', `/categories/${id}/products`),
  })
  // Shown at once when moved; the stored order replaces it when the call answers.
  const [rows, setRows] = useState<AdminCategoryProduct[]>([])
  useEffect(() => setRows(listing.data ?? []), [listing.data])
  const [moved, setMoved] = useState<string | null>(null)
  const reorder = useMutation({
    mutationFn: (move: { product_code: string; position: number }) =>
      staffApi<AdminCategoryProduct[]>('POST', `/categories/${id}/products/reorder`, {
        body: { moves: [move] },
      }),
    onSuccess: (stored, move) => {
      client.setQueryData(listingKey(id), stored)
      const row = stored.find((r) => r.product_code === move.product_code)
      setMoved(row ? t('listing.moved', { name: row.product_name, n: row.position + 1 }) : null)
    },
    onError: () => setRows(listing.data ?? []),
  })
  const move = (code: string, position: number) => {
    const from = rows.findIndex((r) => r.product_code === code)
    const to = Math.max(0, Math.min(position, rows.length - 1))
    if (from < 0 || from === to) return
    const next = [...rows]
    const [row] = next.splice(from, 1)
    next.splice(to, 0, row!)
    setRows(next)
    reorder.mutate({ product_code: code, position: to })
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const nameOf = (code: string | number) => rows.find((r) => r.product_code === code)?.product_name ?? ''
  const placeOf = (code: string | number) => rows.findIndex((r) => r.product_code === code) + 1
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), placeOf(over.id) - 1)
  }
  const title = category?.title ?? ''
  const placing = useMutation({
    mutationFn: (where: CategoryNewProducts) =>
      staffApi<AdminCategory>('PATCH', `/categories/${id}`, { body: { new_products: where } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['categories', brand] }),
  })
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('listing.title', { category: title })}
        actions={
          <Link to={`/categories?brand=${brand}`} className="text-sm underline">
            {t('listing.back')}
          </Link>
        }
      />
      {category && (
        <Card title={t('listing.newProducts')}>
          <Field label={t('listing.newPlace')} hint={t('listing.newHint')}>
            {(props) => (
              <Select
                {...props}
                className="sm:max-w-xs"
                value={placing.variables ?? category.new_products}
                disabled={placing.isPending}
                onChange={(event) => placing.mutate(event.target.value as CategoryNewProducts)}
              >
                <option value="bottom">{t('listing.newBottom')}</option>
                <option value="top">{t('listing.newTop')}</option>
              </Select>
            )}
          </Field>
          {placing.error ? <ErrorNote error={placing.error} /> : null}
          {placing.isSuccess && (
            <SuccessNote>
              {t('listing.newSaved', {
                where: t(placing.data.new_products === 'top' ? 'listing.whereTop' : 'listing.whereBottom'),
              })}
            </SuccessNote>
          )}
        </Card>
      )}
      <Card title={t('listing.products', { count: rows.length })}>
        <p className="mb-3 text-sm text-slate-600">{t('listing.hint')}</p>
        {listing.isPending ? (
          <Loading />
        ) : listing.error ? (
          <ErrorNote error={listing.error} />
        ) : rows.length === 0 ? (
          <p className="text-sm">{t('listing.empty')}</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: { draggable: t('listing.dragInstructions') },
              announcements: {
                onDragStart: ({ active }) =>
                  t('listing.picked', { name: nameOf(active.id), n: placeOf(active.id) }),
                onDragOver: ({ active, over }) =>
                  over ? t('listing.over', { name: nameOf(active.id), n: placeOf(over.id) }) : '',
                onDragEnd: ({ active, over }) =>
                  over ? t('listing.dropped', { name: nameOf(active.id), n: placeOf(over.id) }) : '',
                onDragCancel: ({ active }) => t('listing.cancelled', { name: nameOf(active.id) }),
              },
            }}
          >
            <SortableContext items={rows.map((r) => r.product_code)} strategy={verticalListSortingStrategy}>
              <ol
                className="flex flex-col divide-y divide-slate-100"
                aria-label={t('listing.products', { count: rows.length })}
              >
                {rows.map((row, index) => (
                  <ListingRow
                    key={row.product_code}
                    row={row}
                    place={index + 1}
                    last={index === rows.length - 1}
                    busy={reorder.isPending}
                    move={move}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        {moved && !reorder.isPending && !reorder.error && <SuccessNote>{moved}</SuccessNote>}
        <ErrorNote error={reorder.error} />
      </Card>
    </div>
  )
}

function ListingRow({
  row,
  place,
  last,
  busy,
  move,
}: {
  row: AdminCategoryProduct
  place: number
  last: boolean
  busy: boolean
  move: (code: string, position: number) => void
}) {
  const { t } = useTranslation()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.product_code })
  const name = row.product_name
  const button = (label: string, to: number, disabled: boolean, text: string) => (
    <Button
      look="secondary"
      className="min-h-6 min-w-6 px-2 py-1"
      disabled={disabled || busy}
      onClick={() => move(row.product_code, to)}
      aria-label={label}
      title={label}
    >
      {text}
    </Button>
  )
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-2 bg-white py-2 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
      data-code={row.product_code}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('listing.drag', { name, n: place })}
        className="flex min-h-11 min-w-8 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100"
      >
        ⠿
      </button>
      <span className="w-7 shrink-0 text-right text-xs tabular-nums text-slate-500">{place}</span>
      {row.url_image ? (
        <img src={row.url_image} alt="" className="h-12 w-9 shrink-0 rounded object-cover" />
      ) : (
        <span className="h-12 w-9 shrink-0 rounded bg-slate-100" />
      )}
      {/* On a phone the name keeps the row's width and the buttons wrap under it, to the right. */}
      <span className="flex min-w-40 flex-1 flex-col">
        <Link
          to={`/products/${encodeURIComponent(row.product_code)}`}
          className="line-clamp-2 text-sm font-medium hover:underline sm:truncate"
        >
          {name}
        </Link>
        <span className="flex items-center gap-1 text-xs text-slate-500">
          {row.product_code}
          {row.draft && <Badge tone="amber">{t('listing.draft')}</Badge>}
        </span>
      </span>
      <span className="ml-auto flex shrink-0 gap-1">
        {button(t('listing.top', { name }), 0, place === 1, '⤒')}
        {button(t('listing.up', { name }), place - 2, place === 1, '↑')}
        {button(t('listing.down', { name }), place, last, '↓')}
        {button(t('listing.bottom', { name }), Number.MAX_SAFE_INTEGER, last, '⤓')}
      </span>
    </li>
  )
}
