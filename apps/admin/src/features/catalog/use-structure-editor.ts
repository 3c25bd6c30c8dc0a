import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { staffApi } from '../../lib/api.ts'
import { issuesText } from '../../lib/form-issues.ts'

/**
 * One row of a brand's structure (a category, a menu entry, a home carousel): its form, checked
 * with the staff API's create or update schema, saved (POST for a new row, PATCH for a kept one) or
 * deleted; the brand's list is read again after either. A new row's form empties once saved.
 */
export function useStructureEditor<Form, Row extends { id: number }>(options: {
  path: 'categories' | 'menus' | 'sliders'
  brand: number
  row: Row | undefined
  formOf: (row?: Row) => Form
  bodyOf: (form: Form) => object
  createSchema: z.ZodType
  updateSchema: z.ZodType
}) {
  const { path, brand, row } = options
  const queryClient = useQueryClient()
  const [form, setForm] = useState(() => options.formOf(row))
  const [invalid, setInvalid] = useState<string | null>(null)
  const done = () => void queryClient.invalidateQueries({ queryKey: [path, brand] })
  const save = useMutation({
    mutationFn: (body: unknown) =>
      row ? staffApi('PATCH', `/${path}/${row.id}`, { body }) : staffApi('POST', `/${path}`, { body }),
    onSuccess: () => {
      if (!row) setForm(options.formOf())
      done()
    },
  })
  const remove = useMutation({ mutationFn: () => staffApi('DELETE', `/${path}/${row!.id}`), onSuccess: done })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = options.bodyOf(form)
    const parsed = row
      ? options.updateSchema.safeParse(body)
      : options.createSchema.safeParse({ ...body, id_brand: brand })
    if (!parsed.success) return setInvalid(issuesText(parsed.error))
    setInvalid(null)
    save.mutate(parsed.data)
  }
  return { form, setForm, invalid, save, remove, submit }
}
