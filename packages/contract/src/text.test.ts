import { describe, expect, it } from 'vitest'
import { findControlCharacter } from './text.ts'

describe('findControlCharacter', () => {
  it('names the first string or key holding a control character, in document order', () => {
    expect(findControlCharacter('ok')).toBeNull()
    expect(findControlCharacter('a\u0000b')).toEqual([])
    expect(findControlCharacter({ a: 'ok', b: ['ok', 'b\u0085d'], c: 'x\u0007' })).toEqual(['b', '1'])
    expect(findControlCharacter({ a: { 'k\u001b': 1 }, b: 'x\u0007' })).toEqual(['a', 'k\u001b'])
    expect(findControlCharacter({ a: 'line\nbreak\ttab', b: [1, null, true] })).toBeNull()
  })

  it('walks 100000 levels without recursion (issue 38)', () => {
    let arrays: unknown = 'bad\u0000'
    let objects: unknown = 'clean'
    for (let level = 0; level < 100_000; level++) {
      arrays = [arrays]
      objects = { a: objects }
    }
    expect(findControlCharacter(arrays)).toHaveLength(100_000)
    expect(findControlCharacter(objects)).toBeNull()
  })
})
