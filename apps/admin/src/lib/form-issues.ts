import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { indonesianFieldMessage } from '@busana/contract/schemas'
import i18n from './i18n.ts'

/** A refused form's issues in one line ("field: why; …"), for forms without a field per issue. */
export const issuesText = (error: z.ZodError) =>
  error.issues
    .map((issue) => {
      const why = i18n.language === 'en' ? issue.message : indonesianFieldMessage(issue.message)
      return `${issue.path.join('.')}: ${why}`
    })
    .join('; ')

/** A refused form's issues next to their fields (the first part of each issue's path names it). */
export function showIssues<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: z.ZodError,
  fallback: Path<T>,
) {
  for (const issue of error.issues) {
    form.setError((String(issue.path[0] ?? '') || fallback) as Path<T>, { message: issue.message })
  }
}
