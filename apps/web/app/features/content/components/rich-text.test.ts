import { describe, expect, it } from 'vitest'
import { shiftHeadings } from './rich-text.tsx'

describe('shiftHeadings (issue 29: no gap in the outline under the page h1)', () => {
  it('lifts an h3 straight under the page h1 to h2 and keeps the steps below it', () => {
    expect(shiftHeadings('<h3 id="a">Who</h3><p>x</p><h4>Team</h4><h3>Where</h3>', 2)).toBe(
      '<h2 id="a">Who</h2><p>x</p><h3>Team</h3><h2>Where</h2>',
    )
  })

  it('lowers a second h1 the staff wrote, and leaves other tags alone', () => {
    expect(shiftHeadings('<h1>Title</h1><hr><header>h</header><h2>Part</h2>', 2)).toBe(
      '<h2>Title</h2><hr><header>h</header><h3>Part</h3>',
    )
  })

  it('never goes past h6, and keeps content without headings as it is', () => {
    expect(shiftHeadings('<h2>a</h2><h6>b</h6>', 3)).toBe('<h3>a</h3><h6>b</h6>')
    expect(shiftHeadings('<p>plain <strong>text</strong></p>', 2)).toBe('<p>plain <strong>text</strong></p>')
  })
})
