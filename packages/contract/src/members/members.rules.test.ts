import { describe, expect, it } from 'vitest'
import {
  isIsoDate,
  isPasswordValid,
  passwordChecks,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_PATTERN,
  phoneAfterPrefix,
  phoneForApi,
  normalisePhone,
} from './members.rules.ts'
import {
  ChangePasswordBodySchema,
  LoginOtpBodySchema,
  PhoneSchema,
  RegisterBodySchema,
  VerifyOtpBodySchema,
} from './members.schemas.ts'

describe('password rules (spec 001 section 5)', () => {
  it('checks each rule separately, for the green/red list', () => {
    const met = (password: string) => Object.fromEntries(passwordChecks(password).map((c) => [c.rule, c.met]))
    expect(met('')).toEqual({ length: false, digit: false, uppercase: false, lowercase: false })
    expect(met('abcdefgh')).toEqual({ length: true, digit: false, uppercase: false, lowercase: true })
    expect(met('Abcdefg1')).toEqual({ length: true, digit: true, uppercase: true, lowercase: true })
    expect(isPasswordValid('Abcdefg1')).toBe(true)
    expect(isPasswordValid('Abcdef1')).toBe(false)
  })
})

describe('phones', () => {
  it('sends what was typed after +62 with one leading 0', () => {
    expect(phoneForApi('81234567890')).toBe('081234567890')
    expect(phoneForApi('081234567890')).toBe('081234567890')
    expect(phoneForApi('0081234567890')).toBe('081234567890')
    expect(phoneForApi('6281234567890')).toBe('081234567890')
    expect(phoneForApi('812-3456 7890')).toBe('081234567890')
    expect(phoneAfterPrefix('081234567890')).toBe('81234567890')
  })

  it('shows a stored phone after +62 without its 0, and nothing for none', () => {
    expect(phoneAfterPrefix('081234567890')).toBe('81234567890')
    expect(phoneAfterPrefix('81234567890')).toBe('81234567890')
    expect(phoneAfterPrefix('')).toBe('')
    expect(phoneAfterPrefix(null)).toBe('')
    expect(phoneAfterPrefix(undefined)).toBe('')
  })

  it('takes 08, a non-zero digit and 7 to 10 more digits: a mobile number, not a landline', () => {
    expect(PHONE_PATTERN.test(`0${'8'.repeat(PHONE_MIN_DIGITS)}`)).toBe(true)
    expect(PHONE_PATTERN.test(`0${'8'.repeat(PHONE_MAX_DIGITS)}`)).toBe(true)
    expect(PHONE_PATTERN.test(`0${'8'.repeat(PHONE_MIN_DIGITS - 1)}`)).toBe(false)
    expect(PHONE_PATTERN.test(`0${'8'.repeat(PHONE_MAX_DIGITS + 1)}`)).toBe(false)
    expect(PHONE_PATTERN.test('81234567890')).toBe(false)
    expect(PHONE_PATTERN.test('0211234567')).toBe(false)
    expect(PHONE_PATTERN.test('0801234567')).toBe(false)
  })

  it('accepts 8…, 08…, 628… and +628… and passes on one form, 08…', () => {
    for (const sent of [
      '81234567890',
      '081234567890',
      '6281234567890',
      '+6281234567890',
      ' +62 812-3456-7890 ',
    ]) {
      expect(PhoneSchema.parse(sent)).toBe('081234567890')
    }
    expect(normalisePhone('0211234567')).toBe('0211234567')
  })

  it('refuses anything that is not an Indonesian mobile number', () => {
    for (const bad of [
      '0000081234567',
      '00081234567890',
      '0211234567',
      '+6221123456',
      '+1 415 555 0100',
      '0812',
      '0812345678901234',
      '0812e4567890',
      '62',
      '',
    ]) {
      expect(PhoneSchema.safeParse(bad).success, bad).toBe(false)
    }
  })
})

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
