import { describe, expect, it } from 'vitest'
import { languageCookieOf, negotiateLanguage } from './language.ts'
import { AppError, ERROR_MESSAGES_ID, errors } from './errors.ts'

describe('negotiateLanguage: Accept-Language', () => {
  const header = (acceptLanguage: string | string[] | undefined) => negotiateLanguage({ acceptLanguage })

  it('answers Indonesian for id, id-ID and the old code in', () => {
    expect(header('id')).toBe('id')
    expect(header('id-ID,id;q=0.9,en;q=0.8')).toBe('id')
    expect(header('in')).toBe('id')
    expect(header(['fr', 'id-ID'])).toBe('id')
  })

  it('follows the qualities and skips languages it does not speak', () => {
    expect(header('en;q=0.5, id;q=0.8')).toBe('id')
    expect(header('fr-FR, id;q=0.3')).toBe('id')
    expect(header('fr, en;q=0.2, id;q=0.5')).toBe('id')
    expect(header('fr;q=0.9, id-ID;q=0.8, en;q=0.5')).toBe('id')
    expect(header('fr-FR, en;q=0.3, id;q=0.2')).toBe('en')
    expect(header('id;q=0, en')).toBe('en')
  })

  it('issue 26 item 6: counts a quality above 1 as 1, so it cannot jump ahead of the header order', () => {
    expect(header('en, id;q=5')).toBe('en')
    expect(header('en;q=0.9, id;q=1000')).toBe('id')
    expect(header('en;q=1.5, id')).toBe('en')
  })

  it('answers English when nothing is ours, absent or malformed', () => {
    expect(header(undefined)).toBe('en')
    expect(header('')).toBe('en')
    expect(header('fr, de;q=0.9')).toBe('en')
    expect(header(';;;,q=,id;q=abc')).toBe('en')
  })
})

describe('negotiateLanguage: ?lng, then the i18next cookie, then Accept-Language (docs/product/account.md §9)', () => {
  it('takes ?lng first, then the cookie, then the header, then English', () => {
    expect(negotiateLanguage({})).toBe('en')
    expect(negotiateLanguage({ query: 'id' })).toBe('id')
    expect(negotiateLanguage({ query: 'id-ID', cookie: 'en', acceptLanguage: 'en' })).toBe('id')
    expect(negotiateLanguage({ cookie: 'id', acceptLanguage: 'en' })).toBe('id')
    expect(negotiateLanguage({ query: 'en', cookie: 'id', acceptLanguage: 'id' })).toBe('en')
  })

  it('skips a source that names neither language', () => {
    expect(negotiateLanguage({ query: 'fr', acceptLanguage: 'de' })).toBe('en')
    expect(negotiateLanguage({ query: 'fr', cookie: 'id' })).toBe('id')
    expect(negotiateLanguage({ cookie: 'xx', acceptLanguage: 'id' })).toBe('id')
    expect(negotiateLanguage({ query: 'in' })).toBe('id')
  })

  it('ignores a repeated ?lng (an array) and any other non-string', () => {
    expect(negotiateLanguage({ query: ['id'] })).toBe('en')
    expect(negotiateLanguage({ query: ['id'], cookie: 'id' })).toBe('id')
    expect(negotiateLanguage({ query: 7, cookie: null })).toBe('en')
  })
})

describe('languageCookieOf', () => {
  it('reads the i18next cookie among others, decoded, and nothing when it is absent', () => {
    expect(languageCookieOf('i18next=id')).toBe('id')
    expect(languageCookieOf('a=1; i18next=id; b=2')).toBe('id')
    expect(languageCookieOf('a=1;i18next=en-US')).toBe('en-US')
    expect(languageCookieOf('i18next=id%2DID')).toBe('id-ID')
    expect(languageCookieOf('i18next=%E0%A4%A')).toBe('%E0%A4%A')
    expect(languageCookieOf('xi18next=id; i18nextLng=id')).toBeUndefined()
    expect(languageCookieOf('')).toBeUndefined()
    expect(languageCookieOf(undefined)).toBeUndefined()
  })
})

describe('the catalogue in Indonesian', () => {
  it('says every code in Indonesian, and differently from English except the product’s Indonesian ones', () => {
    for (const code of Object.keys(errors) as (keyof typeof errors)[]) {
      expect(ERROR_MESSAGES_ID[code], code).toBeTruthy()
      if (!code.startsWith('BND00')) expect(ERROR_MESSAGES_ID[code], code).not.toBe(errors[code].message)
    }
  })

  it('an AppError without a message says the catalogue in both languages', () => {
    const error = new AppError('CRT001')
    expect(error.message).toBe(errors.CRT001.message)
    expect(error.messageIn('id')).toBe(ERROR_MESSAGES_ID.CRT001)
  })
})
