import { describe, expect, it } from 'vitest'
import { resolveRequestLanguage, translationsFor } from './language.server.ts'

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${url}`, { headers })

describe('resolveRequestLanguage', () => {
  it('prefers ?lng, then the cookie, then Accept-Language, then English', () => {
    expect(resolveRequestLanguage(request('/?lng=id', { cookie: 'i18next=en' }))).toBe('id')
    expect(resolveRequestLanguage(request('/', { cookie: 'a=1; i18next=id', 'accept-language': 'en' }))).toBe(
      'id',
    )
    expect(
      resolveRequestLanguage(request('/', { 'accept-language': 'fr;q=0.9, id-ID;q=0.8, en;q=0.5' })),
    ).toBe('id')
    expect(resolveRequestLanguage(request('/?lng=fr', { 'accept-language': 'de' }))).toBe('en')
  })
  it('skips a cookie it cannot read instead of failing the page (the contract decodes it safely)', () => {
    expect(
      resolveRequestLanguage(request('/', { cookie: 'i18next=%E0%A4%A', 'accept-language': 'id' })),
    ).toBe('id')
  })
  it('hands over the asked namespaces in the language only', () => {
    const id = translationsFor('id', ['common', 'product'])
    expect(Object.keys(id)).toEqual(['id'])
    expect(Object.keys(id.id!).sort()).toEqual(['common', 'product'])
    expect(id.id?.common).toMatchObject({ common: { profile: 'Profil', logout: 'Keluar' } })
    expect(Object.keys(translationsFor('en', ['common']).en!)).toEqual(['common'])
    expect(translationsFor('en', ['common', 'no-such-namespace']).en).not.toHaveProperty('no-such-namespace')
  })
})
