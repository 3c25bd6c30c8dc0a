import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'
import { secretBox } from './secret-box.ts'

describe('secretBox', () => {
  const key = randomBytes(32)

  it('seals with AES-256-GCM: a fresh IV each time, readable only with the key and the same purpose', () => {
    const box = secretBox(key, 'staff-totp')
    const one = box.seal('JBSWY3DPEHPK3PXP')
    const two = box.seal('JBSWY3DPEHPK3PXP')
    expect(one).toMatch(/^v1:[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(one).not.toContain('JBSWY3DPEHPK3PXP')
    expect(one).not.toBe(two)
    expect(box.open(one)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => secretBox(randomBytes(32), 'staff-totp').open(one)).toThrow()
    expect(() => secretBox(key, 'another-purpose').open(one)).toThrow()
    const [head, tag, body] = one.split('.')
    const flipped = `${head}.${tag}.${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`
    expect(() => box.open(flipped)).toThrow()
  })

  it('without a key keeps values as given, reads values stored before a key was set, and refuses sealed ones', () => {
    const plain = secretBox(undefined, 'staff-totp')
    expect(plain.seal('ABC')).toBe('ABC')
    expect(secretBox(key, 'staff-totp').open('ABC')).toBe('ABC')
    expect(() => plain.open(secretBox(key, 'staff-totp').seal('ABC'))).toThrow(/DATA_ENCRYPTION_KEY/)
  })

  it('DATA_ENCRYPTION_KEY must be 32 bytes of base64', () => {
    const good = randomBytes(32).toString('base64')
    expect(parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: good }).DATA_ENCRYPTION_KEY).toHaveLength(32)
    expect(() =>
      parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') }),
    ).toThrow(/DATA_ENCRYPTION_KEY/)
  })
})
