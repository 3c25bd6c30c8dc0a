import { z } from 'zod'
import { PERSON_NAME_MESSAGE } from './person-name.ts'

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

const PARTS_ID: Record<string, string> = {
  'body field': 'Isian',
  'query parameter': 'Parameter kueri',
  'path parameter': 'Parameter jalur',
  header: 'Header',
}

const TYPES_ID: Record<string, string> = {
  text: 'teks',
  'a number': 'angka',
  'a whole number': 'bilangan bulat',
  'true or false': 'true atau false',
  'a list': 'daftar',
  'an object': 'objek',
  'a date': 'tanggal',
}

const BOUNDS_ID: Record<string, string> = {
  'at most': 'paling banyak',
  'less than': 'kurang dari',
  'at least': 'paling sedikit',
  'more than': 'lebih dari',
}

/**
 * A field's validation message in Indonesian when it is one of the generic ones above (or the
 * control-character refusal); a schema's own wording is kept as written.
 */
export function indonesianFieldMessage(message: string): string {
  if (message === 'is required') return 'wajib diisi'
  if (message === 'must not contain control characters') return 'tidak boleh berisi karakter kontrol'
  if (message === PERSON_NAME_MESSAGE)
    return 'harus berupa nama, tanpa tautan, alamat web, atau * _ ~ ` < > [ ]'
  if (message === 'must be sizes such as S, M, XL, 30 or ALL SIZE')
    return 'harus ukuran seperti S, M, XL, 30 atau ALL SIZE'
  if (message === 'must be a whole number of rupiah') return 'harus bilangan bulat rupiah'
  const named = /^must name at (least|most) (\d+|one) (size|colour)s?$/.exec(message)
  if (named)
    return `harus menyebut paling ${named[1] === 'least' ? 'sedikit' : 'banyak'} ${named[2] === 'one' ? 'satu' : named[2]} ${named[3] === 'size' ? 'ukuran' : 'warna'}`
  const dates = /^must be a date from (\S+) to (\S+)$/.exec(message)
  if (dates) return `harus tanggal dari ${dates[1]} sampai ${dates[2]}`
  const bound = /^must be (at most|less than|at least|more than) (\S+)( characters| items)?$/.exec(message)
  if (bound) {
    const what = bound[3] === ' characters' ? ' karakter' : bound[3] === ' items' ? ' item' : ''
    return `harus ${BOUNDS_ID[bound[1]!]} ${bound[2]}${what}`
  }
  const type = /^must be (.+)$/.exec(message)
  if (type) return `harus ${TYPES_ID[type[1]!] ?? type[1]!.replace(/, /g, ', ').replace(/ or /g, ' atau ')}`
  return message
}

/**
 * A REQ001 message ("Invalid body field 'qty': must be 1") in the shopper's language: the frame and
 * the generic reasons are translated, field names and allowed values stay as the API spells them.
 */
export function localiseValidationMessage(message: string, language: 'en' | 'id'): string {
  if (language === 'en') return message
  const framed = /^Invalid (body field|query parameter|path parameter|header|field) '(.*)': (.+)$/s.exec(
    message,
  )
  if (framed) {
    const part = PARTS_ID[framed[1]!] ?? 'Kolom'
    return `${part} '${framed[2]}' tidak valid: ${indonesianFieldMessage(framed[3]!)}`
  }
  return message === 'Invalid request' ? 'Permintaan tidak valid' : message
}
