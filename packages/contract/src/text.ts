import { z } from 'zod'

/**
 * Characters no text a shopper or a client sends may hold (issue 11): the C0 controls but tab, line
 * feed and carriage return, DEL, and the C1 controls. PostgreSQL refuses NUL in text outright (a
 * 500 once), and the others are never typed: they only hide text in logs, terminals and e-mails.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/** Also refused in one-line fields (names, codes, query strings): tab and line breaks. */
// eslint-disable-next-line no-control-regex
export const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters'

/**
 * The path of the first string in a parsed JSON value (a body, a query, path parameters) that holds
 * a control character, or null. Object keys are checked too: they are text the client wrote.
 */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)])
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTERS.test(key)) return [...path, key]
      const found = findControlCharacter(item, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** A whole value of one line: no control character, tab or line break. */
// eslint-disable-next-line no-control-regex
export const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/

/** One line of free text, trimmed, 1 to `max` characters, with no control character or line break. */
export const printable = (max: number) =>
  z.string().trim().min(1).max(max).regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE)
