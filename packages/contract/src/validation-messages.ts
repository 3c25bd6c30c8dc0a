import { z } from 'zod'

/**
 * Validation messages that name what is allowed (issue 11): "must be primary or second", "must be
 * 1", "must be at most 100 characters", "is required", rather than zod's "Invalid option" wording.
 * Installed once for the zod of the whole workspace (the API's 400 REQ001 messages and the
 * storefront's forms); a message a schema writes itself always wins.
 */

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** 'a', 'a or b', 'a, b or c'. */
export function alternatives(values: readonly unknown[]): string {
  const words = values.map(shown)
  if (words.length <= 1) return words[0] ?? 'nothing'
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
}

const unit = (origin: unknown) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : ''

export function validationMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_value':
      return `must be ${alternatives(issue.values)}`
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`
    case 'too_big': {
      const bound = issue.inclusive === false ? 'less than' : 'at most'
      return `must be ${bound} ${String(issue.maximum)}${unit(issue.origin)}`
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'is required'
      const bound = issue.inclusive === false ? 'more than' : 'at least'
      return `must be ${bound} ${String(issue.minimum)}${unit(issue.origin)}`
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
    default:
      return undefined
  }
}

z.config({ customError: validationMessage })
