import { describe, expect, it } from 'vitest'
import { descriptionHeadings } from './description.rules.ts'

describe('descriptionHeadings', () => {
  it('lifts the highest heading to h2 and keeps the others relative to it', () => {
    expect(descriptionHeadings('<p>x</p><h4>Detail</h4><ul></ul><h5 class="a">Care</h5>')).toBe(
      '<p>x</p><h2>Detail</h2><ul></ul><h3 class="a">Care</h3>',
    )
  })

  it('lowers an h1 so the page keeps one', () => {
    expect(descriptionHeadings('<H1>A</H1><h2>B</h2>')).toBe('<h2>A</h2><h3>B</h3>')
  })

  it('leaves descriptions without headings, or already from h2, as they are', () => {
    expect(descriptionHeadings('<p>plain <hr> text</p>')).toBe('<p>plain <hr> text</p>')
    expect(descriptionHeadings('<h2>A</h2><h3>B</h3>')).toBe('<h2>A</h2><h3>B</h3>')
  })
})
