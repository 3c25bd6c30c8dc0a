import { useMemo, useState } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ZodType } from 'zod'
import { ApiError } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, ErrorNote, Field, Input, Select, SuccessNote } from '../../components/ui.tsx'

/** One field of a content form: what the staff member types, and how it becomes the API's field. */
export type FieldSpec = {
  name: string
  label: string
  kind: 'text' | 'html' | 'number' | 'select' | 'datetime' | 'textarea'
  hint?: string
  options?: { value: string; label: string }[]
  /** Only when creating (the slug or code that names the row). */
  createOnly?: boolean
  /** Shown at half width beside its neighbour. */
  half?: boolean
}

/** A row's fields by name, for the form's generic fields. */
const fieldsOf = (row: object | undefined) => row as Record<string, unknown> | undefined

/** The shop's wall clock (UTC+7) for <input type="datetime-local">, from '2026-12-01T20:00:00+07:00'. */
const toLocal = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 16) : '')

/** A form's text values as a row's fields (strings; numbers and dates turned back by bodyOf). */
function formOf(fields: FieldSpec[], row?: object): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = fieldsOf(row)?.[field.name]
      if (field.kind === 'datetime') return [field.name, toLocal(value)]
      if (value === undefined || value === null) {
        return [
          field.name,
          field.kind === 'number' ? '0' : field.kind === 'select' ? (field.options?.[0]?.value ?? '') : '',
        ]
      }
      return [field.name, String(value)]
    }),
  )
}

function bodyOf(fields: FieldSpec[], values: Record<string, string>, creating: boolean) {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.createOnly && !creating) continue
    const value = values[field.name] ?? ''
    if (field.kind === 'datetime') {
      // The shop's time: the wall clock typed, at +07:00.
      if (value) body[field.name] = `${value}:00+07:00`
    } else body[field.name] = value
  }
  return body
}

/** Puts the server's refused fields (its REQ001 list) next to the fields. */
export function showFieldErrors(
  form: UseFormReturn<FieldValues>,
  issues: { field: string; message: string }[],
  fallback: string,
) {
  for (const issue of issues) {
    const name = issue.field.split('.')[0] || fallback
    form.setError(name, { message: issue.message })
  }
}

/**
 * A content form (create or edit): the fields as specified, checked with the API's own zod schema
 * before sending, the server's refusals shown next to the fields. HTML fields say that the server
 * cleans them, and under the form the saved (cleaned) HTML is previewed as the server answered it,
 * never what was typed.
 */
export function EntityForm<T extends object>({
  fields,
  row,
  schema,
  save,
  onSaved,
  submitLabel,
  formLabel,
}: {
  fields: FieldSpec[]
  /** The row as the server last answered it; none when creating. */
  row?: T
  schema: ZodType
  save: (body: unknown) => Promise<T>
  onSaved?: (row: T) => void
  submitLabel?: string
  formLabel: string
}) {
  const { t } = useTranslation()
  const creating = !row
  const [saved, setSaved] = useState<T | undefined>(row)
  const resolver = useMemo(
    () =>
      zodResolver(
        formSchema(
          schema,
          (values: Record<string, string>) => bodyOf(fields, values, creating),
          fields[0]!.name,
        ),
      ),
    [schema, fields, creating],
  )
  const form = useForm<Record<string, string>, unknown, unknown>({
    resolver,
    defaultValues: formOf(fields, row),
  })
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      setSaved(answer)
      form.reset(formOf(fields, creating ? undefined : answer))
      onSaved?.(answer)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) {
        showFieldErrors(form as unknown as UseFormReturn<FieldValues>, error.fields, fields[0]!.name)
      }
    },
  })
  const submit = form.handleSubmit((body) => mutation.mutate(body))
  const { errors } = form.formState
  const visible = fields.filter((field) => creating || !field.createOnly)
  const htmlFields = fields.filter((field) => field.kind === 'html')
  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} aria-label={formLabel} className="grid gap-3 sm:grid-cols-2">
        {visible.map((field) => (
          <div key={field.name} className={field.half ? '' : 'sm:col-span-2'}>
            <Field
              label={field.label}
              hint={field.kind === 'html' ? (field.hint ?? t('content.htmlHint')) : field.hint}
              error={errors[field.name]?.message}
            >
              {(props) =>
                field.kind === 'html' || field.kind === 'textarea' ? (
                  <textarea
                    {...props}
                    rows={field.kind === 'html' ? 8 : 3}
                    spellCheck={field.kind !== 'html'}
                    className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-500"
                    {...form.register(field.name)}
                  />
                ) : field.kind === 'select' ? (
                  <Select {...props} {...form.register(field.name)}>
                    {field.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    {...props}
                    type={
                      field.kind === 'number'
                        ? 'number'
                        : field.kind === 'datetime'
                          ? 'datetime-local'
                          : 'text'
                    }
                    inputMode={field.kind === 'number' ? 'numeric' : undefined}
                    {...form.register(field.name)}
                  />
                )
              }
            </Field>
          </div>
        ))}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <ErrorNote error={mutation.error} />
          {mutation.isSuccess && !form.formState.isDirty && <SuccessNote>{t('common.saved')}</SuccessNote>}
          <Button type="submit" disabled={mutation.isPending} className="self-start">
            {submitLabel ?? t('common.save')}
          </Button>
        </div>
      </form>
      {!creating &&
        saved &&
        htmlFields.map((field) => (
          <SavedHtml
            key={field.name}
            label={t('content.preview', { field: field.label })}
            html={String(fieldsOf(saved)?.[field.name] ?? '')}
          />
        ))}
    </div>
  )
}

/**
 * The saved HTML as the shop serves it: the server's answer, sanitised before it was stored
 * (decision 033). Never fed with what the form holds before saving.
 */
export function SavedHtml({ label, html }: { label: string; html: string }) {
  const { t } = useTranslation()
  return (
    <section aria-label={label} className="rounded-md border border-dashed border-slate-300 p-3">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</h3>
      {html.trim() === '' ? (
        <p className="text-sm text-slate-500">{t('content.previewEmpty')}</p>
      ) : (
        <div
          data-testid="saved-html"
          className="text-sm [&_a]:underline [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  )
}
