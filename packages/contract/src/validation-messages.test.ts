import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { alternatives, indonesianFieldMessage, localiseValidationMessage } from './schemas.ts'

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message

describe('validation messages name what is allowed', () => {
  it('for values, literals, types, bounds and missing fields', () => {
    expect(messageOf(z.enum(['primary', 'second']), 'main')).toBe('must be primary or second')
    expect(messageOf(z.enum(['a', 'b', 'c']), 'x')).toBe('must be a, b or c')
    expect(messageOf(z.literal(1), 2)).toBe('must be 1')
    expect(messageOf(z.number().int().max(5), 9)).toBe('must be at most 5')
    expect(messageOf(z.string().max(3), 'abcd')).toBe('must be at most 3 characters')
    expect(messageOf(z.array(z.string()).min(2), ['a'])).toBe('must be at least 2 items')
    expect(messageOf(z.boolean(), 'yes')).toBe('must be true or false')
    expect(messageOf(z.object({ nama: z.string() }), {})).toBe('is required')
    expect(messageOf(z.string().min(1), '')).toBe('is required')
    // A schema's own words win.
    expect(messageOf(z.string().min(1, 'Please insert your name'), '')).toBe('Please insert your name')
    expect(alternatives([1])).toBe('1')
  })

  it('say the generic reasons and the frame in Indonesian, keeping names and values', () => {
    expect(indonesianFieldMessage('must be at most 100 characters')).toBe('harus paling banyak 100 karakter')
    expect(indonesianFieldMessage('must be a whole number')).toBe('harus bilangan bulat')
    expect(indonesianFieldMessage('Please insert your name')).toBe('Please insert your name')
    expect(localiseValidationMessage("Invalid query parameter 'page': must be at least 1", 'id')).toBe(
      "Parameter kueri 'page' tidak valid: harus paling sedikit 1",
    )
    expect(localiseValidationMessage("Invalid body field 'qty': must be 1", 'en')).toBe(
      "Invalid body field 'qty': must be 1",
    )
  })
})
