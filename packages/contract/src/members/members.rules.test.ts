import { describe, expect, it } from 'vitest'
import { isIsoDate, isPasswordValid, passwordChecks } from './members.rules.ts'
import {
  ChangePasswordBodySchema,
  LoginOtpBodySchema,
  RegisterBodySchema,
  VerifyOtpBodySchema,
} from './members.schemas.ts'

describe('password rules (docs/product/account.md §5)', () => {
  it('checks each rule separately, for the green/red list', () => {
    const met = (password: string) => Object.fromEntries(passwordChecks(password).map((c) => [c.rule, c.met]))
    expect(met('')).toEqual({ length: false, digit: false, uppercase: false, lowercase: false })
    expect(met('abcdefgh')).toEqual({ length: true, digit: false, uppercase: false, lowercase: true })
    expect(met('Abcdefg1')).toEqual({ length: true, digit: true, uppercase: true, lowercase: true })
    expect(isPasswordValid('Abcdefg1')).toBe(true)
    expect(isPasswordValid('Abcdef1')).toBe(false)
  })
})

// Phones: ../phone.test.ts.

describe('dates and bodies', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2000-02-29')).toBe(true)
    expect(isIsoDate('1999-02-29')).toBe(false)
    expect(isIsoDate('1999-2-1')).toBe(false)
  })

  it('register: confirmation must match; e-mail is lowercased', () => {
    const body = {
      nama_pelanggan: 'A',
      password: 'Abcdefg1',
      confirm_password: 'Abcdefg1',
      email: ' A@Example.COM ',
      hp: '081234567890',
      tanggal_lahir: '2000-01-01',
    }
    expect(RegisterBodySchema.parse(body)).toMatchObject({ email: 'a@example.com', source: 'WEBSITE' })
    const mismatch = RegisterBodySchema.safeParse({ ...body, confirm_password: 'Abcdefg2' })
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirm_password'],
      message: 'Password must be the same',
    })
  })

  it('change password: new must differ and be confirmed', () => {
    const same = ChangePasswordBodySchema.safeParse({
      old_password: 'Abcdefg1',
      new_password: 'Abcdefg1',
      confirm_new_password: 'Abcdefg1',
    })
    expect(same.error?.issues[0]?.message).toBe('Cannot be a previously used password')
  })
})

describe('codes', () => {
  it('take digits only, as a string or a JSON number (leading zeros restored)', () => {
    expect(VerifyOtpBodySchema.parse({ id_pelanggan: '7', otp: 123 })).toEqual({
      id_pelanggan: 7,
      otp: '0123',
    })
    expect(LoginOtpBodySchema.parse({ phone: '081234567890', otp: '012345' }).otp).toBe('012345')
    for (const otp of ['1e3', '+123', '-123', '12.3', '12345', 1.5, -12]) {
      expect(VerifyOtpBodySchema.safeParse({ id_pelanggan: 1, otp }).success).toBe(false)
    }
  })
})
