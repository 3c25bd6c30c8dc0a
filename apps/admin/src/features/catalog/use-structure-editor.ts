import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { staffApi } from '../../lib/api.ts'
import { errorsText, formSchema } from '../../lib/form-issues.ts'

/**
 * One row of a brand's structure (a category, a menu entry, a home carousel): its form, checked
 * with the staff API's create or update schema, saved (POST for a new row, PATCH for a kept one) or
 * deleted; the brand's list is read again after either. A new row's form empties once saved. The
 * refused fields are told in one line (`invalid`), as the rows have no room beside each field.
 */
export function useStructureEditor<Form extends FieldValues, Row extends { id: number }>(options: {
  path: 'categories' | 'menus' | 'sliders'
  brand: number
  row: Row | undefined
  formOf: (row?: Row) => Form
  bodyOf: (form: Form) => object
  createSchema: z.ZodType
  updateSchema: z.ZodType
}) {
  const { path, brand, row, formOf, bodyOf } = options
  const queryClient = useQueryClient()
  // Issues of the whole body (none of the form's fields) are told under the form's first field.
  const fallback = Object.keys(formOf(row))[0] as Path<Form>
  const schema = row
    ? formSchema(options.updateSchema, bodyOf, fallback)
    : formSchema(options.createSchema, (form: Form) => ({ ...bodyOf(form), id_brand: brand }), fallback)
  const form = useForm<Form, unknown, unknown>({
    resolver: zodResolver(schema),
    defaultValues: formOf(row) as DefaultValues<Form>,
  })
  const done = () => void queryClient.invalidateQueries({ queryKey: [path, brand] })
  const save = useMutation({
    mutationFn: (body: unknown) =>
      row ? staffApi('PATCH', `/${path}/${row.id}`, { body }) : staffApi('POST', `/${path}`, { body }),
    onSuccess: () => {
      if (!row) form.reset(formOf())
      done()
    },
  })
  const remove = useMutation({ mutationFn: () => staffApi('DELETE', `/${path}/${row!.id}`), onSuccess: done })
  const submit = form.handleSubmit((body) => save.mutate(body))
  const invalid = errorsText(form.formState.errors) || null
  return { form, invalid, save, remove, submit }
}
