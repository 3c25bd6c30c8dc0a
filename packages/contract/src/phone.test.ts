import { describe, expect, it } from 'vitest'
import {
  whatsappNumber,
  isPhoneAfterPrefix,
  normalisePhone,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_PATTERN,
  phoneAfterPrefix,
  phoneForApi,
} from './phone.ts'
import { PhoneSchema } from './members/members.schemas.ts'

/** The four ways a shopper writes the same number (issue 25): all stored as 081234567890. */
const SAME_NUMBER = ['6281234567890', '+62 812-3456-7890', '081234567890', '81234567890']

describe('the stored form (normalisePhone, PhoneSchema: what the API accepts)', () => {
  it('turns each of the four ways of writing a number into 08…', () => {
    for (const sent of SAME_NUMBER) {
      expect(normalisePhone(sent), sent).toBe('081234567890')
      expect(PhoneSchema.parse(sent), sent).toBe('081234567890')
    }
  })

  it('accepts 8…, 08…, 628… and +628… and passes on one form, 08…', () => {
    for (const sent of [
      '81234567890',
      '081234567890',
      '6281234567890',
      '+6281234567890',
      ' +62 812-3456-7890 ',
      '(0812) 3456.7890',
    ]) {
      expect(PhoneSchema.parse(sent)).toBe('081234567890')
    }
    expect(normalisePhone('0211234567')).toBe('0211234567')
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

  it("refuses with the API's message", () => {
    expect(PhoneSchema.safeParse('0211234567').error?.issues[0]?.message).toBe(
      'must be an Indonesian mobile number: 08 then 8 to 11 digits (e.g. 081234567890)',
    )
  })
})

describe('a +62 field (phoneAfterPrefix, phoneForApi, isPhoneAfterPrefix: the storefront forms)', () => {
  it('keeps the digits after +62 and sends the stored form, for each of the four ways', () => {
    for (const typed of SAME_NUMBER) {
      expect(phoneAfterPrefix(typed), typed).toBe('81234567890')
      expect(phoneForApi(typed), typed).toBe('081234567890')
      expect(isPhoneAfterPrefix(typed), typed).toBe(true)
      // What the field sends is what the API stores: the form and the API agree.
      expect(PhoneSchema.parse(phoneForApi(typed)), typed).toBe(phoneForApi(typed))
    }
  })

  it('sends what was typed after +62 with one leading 0 (leading zeros stripped, docs/product/account.md §5)', () => {
    expect(phoneForApi('0081234567890')).toBe('081234567890')
    expect(phoneForApi('812-3456 7890')).toBe('081234567890')
    expect(phoneForApi('+62 0812-3456-7890')).toBe('081234567890')
    expect(phoneAfterPrefix('000812345')).toBe('812345')
    expect(phoneAfterPrefix('+62 812-345')).toBe('812345')
  })

  it('keeps a lone 62 while it is typed: it becomes the country code only once an 8 follows', () => {
    expect(phoneAfterPrefix('6')).toBe('6')
    expect(phoneAfterPrefix('62')).toBe('62')
    expect(phoneAfterPrefix('628')).toBe('8')
  })

  it('shows a stored phone after +62 without its 0, and nothing for none', () => {
    expect(phoneAfterPrefix('081234567890')).toBe('81234567890')
    expect(phoneAfterPrefix('81234567890')).toBe('81234567890')
    expect(phoneAfterPrefix('')).toBe('')
    expect(phoneAfterPrefix(null)).toBe('')
    expect(phoneAfterPrefix(undefined)).toBe('')
  })

  it('refuses what is not a mobile number once sent', () => {
    for (const bad of [
      '',
      '0',
      '62',
      '0211234567',
      '21123456',
      '812',
      '8123456789012',
      '7123456789',
      '+1 415 555 0100',
    ]) {
      expect(isPhoneAfterPrefix(bad), bad).toBe(false)
      expect(PhoneSchema.safeParse(phoneForApi(bad)).success, bad).toBe(false)
    }
  })
})

describe('whatsappNumber', () => {
  it('gives one wa.me number for every way of writing it', () => {
    for (const phone of ['081234567890', '81234567890', '6281234567890', '+62 812-3456-7890'])
      expect(whatsappNumber(phone), phone).toBe('6281234567890')
    expect(whatsappNumber('(021) 555-0199')).toBe('62215550199')
  })

  it('answers null for what is too short to be a number', () => {
    expect(whatsappNumber('0812')).toBeNull()
    expect(whatsappNumber('')).toBeNull()
  })
})
