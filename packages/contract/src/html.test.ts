import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.ts'

describe('escapeHtml', () => {
  it('turns the five meaningful characters into entities and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    )
    expect(escapeHtml('Rp 125.000 · Busana')).toBe('Rp 125.000 · Busana')
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })
})
