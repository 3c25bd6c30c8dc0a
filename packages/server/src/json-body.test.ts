import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.ts'

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, up to the bound and past it', () => {
    expect(MAX_JSON_DEPTH).toBe(32)
    expect(nestsDeeperThan('['.repeat(32) + ']'.repeat(32), 32)).toBe(false)
    expect(nestsDeeperThan('['.repeat(33) + ']'.repeat(33), 32)).toBe(true)
    expect(nestsDeeperThan('{"a":'.repeat(33) + '1' + '}'.repeat(33), 32)).toBe(true)
    // Siblings do not add up: depth, not count.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 100 }, () => [[{ a: [1] }]])), 32)).toBe(false)
  })

  it('reads brackets inside strings (escaped quotes and backslashes too) as text', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(100) }), 32)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"' + '{'.repeat(100), b: '\\' }), 32)).toBe(false)
    // After a string ending in an escaped backslash, brackets count again.
    const text = `{"a":"x\\\\",` + '"b":' + '['.repeat(40) + ']'.repeat(40) + '}'
    expect(nestsDeeperThan(text, 32)).toBe(true)
  })

  it('reads 1 MB of nesting in one pass without recursion', () => {
    expect(nestsDeeperThan('['.repeat(500_000) + ']'.repeat(500_000), 32)).toBe(true)
    expect(nestsDeeperThan('[' + '1,'.repeat(500_000) + '1]', 32)).toBe(false)
  })
})
