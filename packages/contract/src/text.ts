import { z } from 'zod'
import { isPersonName, PERSON_NAME_MESSAGE } from './person-name.ts'

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

/** One value met by the walk: where it hangs (key, parent) and whether its key is client text. */
interface Visit {
  value: unknown
  key: string | number | null
  parent: Visit | null
  /** An object's key: text the client wrote, checked before its value. */
  keyIsText: boolean
}

/** The keys from the root down to `visit`. */
function pathOf(visit: Visit): string[] {
  const path: string[] = []
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(String(at.key))
  return path.reverse()
}

/**
 * The path of the first string in a parsed JSON value (a body, a query, path parameters) that holds
 * a control character, or null. Object keys are checked too: they are text the client wrote.
 * Iterative, with the path built only for a hit (issue 38: a recursive walk copying the path at
 * every level overflowed the stack on 5000 nested arrays), so any depth is safe.
 */
export function findControlCharacter(value: unknown): string[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null, keyIsText: false }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (visit.keyIsText && CONTROL_CHARACTERS.test(visit.key as string)) return pathOf(visit)
    const current = visit.value
    if (typeof current === 'string') {
      if (CONTROL_CHARACTERS.test(current)) return pathOf(visit)
    } else if (Array.isArray(current)) {
      // Children pushed last first, so they are visited in document order.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: visit, keyIsText: false })
      }
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!
        stack.push({ value: item, key, parent: visit, keyIsText: true })
      }
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

/**
 * A person's name (a member's, a guest buyer's, a parcel's recipient): one line, trimmed, 1 to `max`
 * characters, and no link, web address or formatting character (person-name.ts, issue 38: the
 * shop greets it in its WhatsApp texts and e-mails). `missing` replaces 'is required' where a
 * form's own wording is wanted.
 */
export const personName = ({ max = 100, missing }: { max?: number; missing?: string } = {}) =>
  (missing ? z.string({ error: missing }) : z.string())
    .trim()
    .min(1, missing ?? 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE)
    .refine(isPersonName, PERSON_NAME_MESSAGE)
