import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AdminArticleUpdateSchema,
  AdminOrderExportQuerySchema,
  AdminOrdersQuerySchema,
  AdminProductUpdateBodySchema,
  AdminReviewsQuerySchema,
  BirthDateSchema,
  ProfilePatchBodySchema,
  localiseValidationMessage,
  ShopDateSchema,
  StaffAuditQuerySchema,
  VoucherUpdateBodySchema,
  withinDates,
} from './schemas.ts'

/** The fields a parse refused, and their messages. */
function refused(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('withinDates (issue 38 item 7): every date the shop is given is from 2000-01-01 to 2100-12-31', () => {
  it('bounds a date as written, leaving a value that is not a date to its schema', () => {
    expect(ShopDateSchema.safeParse('2000-01-01').success).toBe(true)
    expect(ShopDateSchema.safeParse('2100-12-31').success).toBe(true)
    for (const value of ['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(refused(ShopDateSchema, value), value).toEqual([
        ['', 'must be a date from 2000-01-01 to 2100-12-31'],
      ])
    }
    expect(refused(ShopDateSchema, '31-12-2026')).toEqual([['', 'must be a date YYYY-MM-DD']])
    expect(
      localiseValidationMessage(
        "Invalid query parameter 'from': must be a date from 2000-01-01 to 2100-12-31",
        'id',
      ),
    ).toBe("Parameter kueri 'from' tidak valid: harus tanggal dari 2000-01-01 sampai 2100-12-31")
    const birth = withinDates(z.iso.date(), { min: '1990-01-01', max: () => '1990-12-31', message: 'no' })
    expect(refused(birth, '1991-01-01')).toEqual([['', 'no']])
  })

  it('is applied to every date and date-time the contract accepts, naming the field', () => {
    const cases: Array<[string, z.ZodType, unknown, string]> = [
      ['orders list', AdminOrdersQuerySchema, { from: '0001-01-01' }, 'from'],
      ['orders list', AdminOrdersQuerySchema, { to: '9999-12-31' }, 'to'],
      ['export', AdminOrderExportQuerySchema, { from: '0001-01-01', to: '2026-01-01' }, 'from'],
      ['reviews', AdminReviewsQuerySchema, { from: '0001-01-01' }, 'from'],
      ['audit (date)', StaffAuditQuerySchema, { from: '0001-01-01' }, 'from'],
      ['audit (instant)', StaffAuditQuerySchema, { to: '0001-01-01T00:00:00Z' }, 'to'],
      ['voucher', VoucherUpdateBodySchema, { starts_at: '0001-01-01T00:00:00+07:00' }, 'starts_at'],
      ['voucher', VoucherUpdateBodySchema, { ends_at: '9999-12-31T23:59:00+07:00' }, 'ends_at'],
      ['product countdown', AdminProductUpdateBodySchema, { end_at: '0001-01-01T00:00' }, 'end_at'],
      ['article', AdminArticleUpdateSchema, { published_at: '0001-01-01T00:00:00+07:00' }, 'published_at'],
    ]
    for (const [what, schema, value, field] of cases) {
      const issues = refused(schema, value)
      expect(issues, what).toContainEqual([field, 'must be a date from 2000-01-01 to 2100-12-31'])
    }
  })

  it('keeps the birth date’s own range: from 1900, before today', () => {
    expect(BirthDateSchema.safeParse('1900-01-01').success).toBe(true)
    expect(BirthDateSchema.safeParse('1985-06-30').success).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    for (const value of ['0001-01-01', '1899-12-31', today, '2999-01-01']) {
      expect(refused(BirthDateSchema, value), value).toEqual([['', 'must be a date in the past']])
    }
    expect(refused(ProfilePatchBodySchema, { nama: 'Sari', tanggal_lahir: '0001-01-01' })).toEqual([
      ['tanggal_lahir', 'must be a date in the past'],
    ])
  })
})
