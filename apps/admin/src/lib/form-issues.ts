import type { FieldErrors, FieldValues, Path } from 'react-hook-form'
import { z } from 'zod'
import { indonesianFieldMessage } from '@busana/contract/schemas'
import i18n from './i18n.ts'

/**
 * Every back-office form is react-hook-form with zodResolver on the contract's own request schema
 * (no second copy of a rule in the admin). A form holds what the staff member types (text for
 * numbers, a wall clock for a date); `toBody` turns it into the request body and the contract's
 * schema checks that body. Each refused field's message lands on the form field its issue's path
 * starts with, or on `fallback` when no form field has that name (an issue of the whole body). The
 * submit handler gets the body as the schema answered it: what is sent is what the contract accepted.
 * With `place: 'path'`, every issue lands on `fallback` as "path message" (forms that tell a refusal
 * in one line, where the path says which row and field).
 */
export function formSchema<Form extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toBody: (form: Form) => unknown,
  fallback: Path<Form>,
  place: 'field' | 'path' = 'field',
) {
  return z.custom<Form>().transform((form, ctx): z.output<Schema> => {
    const parsed = schema.safeParse(toBody(form))
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      if (place === 'path') {
        const message = `${issue.path.join('.')} ${issue.message}`.trim()
        ctx.addIssue({ code: 'custom', message, path: [fallback] })
        continue
      }
      const first = String(issue.path[0] ?? '')
      ctx.addIssue({ code: 'custom', message: issue.message, path: [first in form ? first : fallback] })
    }
    return z.NEVER
  })
}

/** A message of the contract in the UI's language (the contract's messages are English). */
export const fieldMessage = (message: string) =>
  i18n.language === 'en' ? message : indonesianFieldMessage(message)

/** A form's refused fields in one line ("field: why; …"), for forms without a place per field. */
export function errorsText<Form extends FieldValues>(errors: FieldErrors<Form>) {
  return Object.entries(errors)
    .filter(([, error]) => typeof error?.message === 'string' && error.message !== '')
    .map(([field, error]) => `${field}: ${fieldMessage(String(error!.message))}`)
    .join('; ')
}
