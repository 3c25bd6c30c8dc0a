import { describe, expect, it } from 'vitest'
import { htmlToText, sanitizeStoredHtml } from './safe-html.ts'
import { XSS_PAYLOADS, expectHarmless } from './safe-html.fixtures.ts'
import { ARTICLES, CONTENT_PAGES, FAQ } from './demo/seed/content-data.ts'

describe('sanitizeStoredHtml (the one allow-list of stored HTML)', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that can run of %s', (payload) => {
    const html = sanitizeStoredHtml(`<p>before</p>${payload}<p>after</p>`)
    expect(html).toContain('<p>before</p>')
    expect(html).toContain('<p>after</p>')
    expectHarmless(html, payload)
  })

  it('keeps the editorial tags, safe links and pictures', () => {
    const html =
      '<h3>Care</h3><p><strong>Wash</strong> <em>cold</em></p><ul><li>one</li></ul>' +
      '<a href="/pages/returns-policy">returns</a> <a href="https://example.com" target="_blank">out</a>' +
      '<img src="/media/v1/p/tee_navy_plain_front.svg" alt="Tee" width="400" height="600">'
    expect(sanitizeStoredHtml(html)).toBe(
      '<h3>Care</h3><p><strong>Wash</strong> <em>cold</em></p><ul><li>one</li></ul>' +
        '<a href="/pages/returns-policy" rel="noopener noreferrer">returns</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>' +
        '<img src="/media/v1/p/tee_navy_plain_front.svg" alt="Tee" width="400" height="600" />',
    )
  })

  it('is stable: sanitising sanitised HTML changes nothing (stored, then served)', () => {
    for (const payload of XSS_PAYLOADS) {
      const once = sanitizeStoredHtml(payload)
      expect(sanitizeStoredHtml(once)).toBe(once)
    }
  })

  it('passes every seeded HTML field unchanged (the seed writes it through the same sanitiser)', () => {
    const fields = [
      ...FAQ.flatMap((c) => c.items.flatMap((i) => [i.konten.en, i.konten.id])),
      ...ARTICLES.flatMap((a) => [a.konten.en, a.konten.id]),
      ...CONTENT_PAGES.flatMap((p) => [p.konten.en, p.konten.id]),
    ]
    for (const html of fields) expectHarmless(sanitizeStoredHtml(html), html.slice(0, 40))
    // Links in the seed gain only rel.
    expect(sanitizeStoredHtml(FAQ[0]!.items[2]!.konten.en)).toContain(
      '<a href="/tracking" rel="noopener noreferrer">',
    )
  })
})

describe('htmlToText', () => {
  it('keeps words of adjacent blocks apart and decodes entities', () => {
    expect(htmlToText('<p>Tom &amp; Jerry</p><ul><li>one</li><li>two</li></ul>')).toBe('Tom & Jerry one two')
  })
})
