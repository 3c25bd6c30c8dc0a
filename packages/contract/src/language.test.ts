import { describe, expect, it } from 'vitest'
import { negotiateMessageLanguage } from './language.ts'
import { AppError, ERROR_MESSAGES_ID, errors } from './errors.ts'

describe('negotiateMessageLanguage', () => {
  it('answers Indonesian for id, id-ID and the old code in', () => {
    expect(negotiateMessageLanguage('id')).toBe('id')
    expect(negotiateMessageLanguage('id-ID,id;q=0.9,en;q=0.8')).toBe('id')
    expect(negotiateMessageLanguage('in')).toBe('id')
  })

  it('follows the qualities and skips languages it does not speak', () => {
    expect(negotiateMessageLanguage('en;q=0.5, id;q=0.8')).toBe('id')
    expect(negotiateMessageLanguage('fr-FR, id;q=0.3')).toBe('id')
    expect(negotiateMessageLanguage('fr-FR, en;q=0.3, id;q=0.2')).toBe('en')
    expect(negotiateMessageLanguage('id;q=0, en')).toBe('en')
  })

  it('answers English when nothing is ours, absent or malformed', () => {
    expect(negotiateMessageLanguage(undefined)).toBe('en')
    expect(negotiateMessageLanguage('')).toBe('en')
    expect(negotiateMessageLanguage('fr, de;q=0.9')).toBe('en')
    expect(negotiateMessageLanguage(';;;,q=,id;q=abc')).toBe('en')
  })
})

describe('the catalogue in Indonesian', () => {
  it('says every code in Indonesian, and differently from English except the spec-Indonesian ones', () => {
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
