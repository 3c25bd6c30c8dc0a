import { describe, expect, it } from 'vitest'
import { PAYMENT_METHOD_CODES } from '../../providers/payments/index.ts'
import { requestLanguage, TUTORIAL_CODES, tutorialFor } from './tutorials.ts'

describe('How to Pay', () => {
  it('has steps for every method a provider charges, in English and Indonesian, step for step', () => {
    expect([...TUTORIAL_CODES].sort()).toEqual([...PAYMENT_METHOD_CODES].sort())
    for (const code of PAYMENT_METHOD_CODES) {
      const values = { rekening: '1234567890', billerCode: '70012', total: 1_250_000 }
      const en = tutorialFor(code, 'en', values)
      const id = tutorialFor(code, 'id', values)
      expect(en.length, code).toBeGreaterThan(0)
      expect(id.map((c) => c.steps.length)).toEqual(en.map((c) => c.steps.length))
      for (const channel of [...en, ...id]) {
        expect(channel.deskripsi).toBe(channel.steps.map((step, i) => `${i + 1}. ${step}`).join('\n'))
        expect(channel.deskripsi, code).not.toMatch(/\{(rekening|biller|total)\}/)
      }
      if (code.endsWith('_va') || code === 'mandiri_bill') {
        expect(en.map((c) => c.judul)[0]).toMatch(/^ATM /)
        expect(en).toHaveLength(3)
        expect(
          en.every((c) => c.deskripsi.includes('1234567890')),
          code,
        ).toBe(true)
      }
    }
    expect(
      tutorialFor('bca_va', 'id', { rekening: null, billerCode: null, total: 1_250_000 })[0]!.deskripsi,
    ).toContain('Rp 1.250.000')
    expect(tutorialFor('cash', 'en', { rekening: null, billerCode: null, total: 1 })).toEqual([])
  })

  it('answers in the language of ?lng=, then the i18next cookie, then Accept-Language, else English', () => {
    const lang = (query: object, headers: Record<string, string> = {}) => requestLanguage({ query, headers })
    expect(lang({})).toBe('en')
    expect(lang({ lng: 'id' })).toBe('id')
    expect(lang({ lng: 'id-ID' }, { cookie: 'i18next=en' })).toBe('id')
    expect(lang({}, { cookie: 'a=b; i18next=id' })).toBe('id')
    expect(lang({}, { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' })).toBe('id')
    expect(lang({}, { 'accept-language': 'fr, en;q=0.2, id;q=0.5' })).toBe('id')
    expect(lang({}, { 'accept-language': 'id;q=0, en' })).toBe('en')
    expect(lang({ lng: ['id'] })).toBe('en')
  })
})
