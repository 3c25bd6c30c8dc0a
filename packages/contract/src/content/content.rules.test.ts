import { describe, expect, it } from 'vitest'
import { articlePreview, htmlText } from './content.rules.ts'

describe('htmlText', () => {
  it('drops tags, decodes entities and keeps words apart', () => {
    expect(htmlText('<p>Tom &amp; Jerry</p><ul><li>one</li><li>two</li></ul>')).toBe('Tom & Jerry one two')
  })
})

describe('articlePreview', () => {
  it('keeps 97 characters of the text (the product’s cut 3..100 of HTML opening with <p>) and adds an ellipsis', () => {
    const text = 'a'.repeat(150)
    const preview = articlePreview(`<p>${text}</p>`)
    expect(preview).toBe(`${'a'.repeat(97)}…`)
    expect(`<p>${text}`.slice(3, 100)).toBe('a'.repeat(97))
  })
  it('never shows a piece of a tag, and short text has no ellipsis', () => {
    expect(articlePreview('<p>Short <strong>and</strong> sweet</p>')).toBe('Short and sweet')
  })
})
