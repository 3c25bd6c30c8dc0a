import { describe, expect, it } from 'vitest'
import { cacheKey, ResponseCache } from './http-cache.ts'

describe('ResponseCache', () => {
  it('hashes a body once into a strong quoted ETag', () => {
    const cache = new ResponseCache()
    const entry = cache.set('a', '{"x":1}')
    expect(entry.etag).toMatch(/^"[\w-]{20,}"$/)
    expect(cache.set('b', '{"x":1}').etag).toBe(entry.etag)
    expect(cache.set('c', '{"x":2}').etag).not.toBe(entry.etag)
  })

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new ResponseCache({ max: 2 })
    cache.set('a', '1')
    cache.set('b', '2')
    cache.get('a')
    cache.set('c', '3')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')?.body).toBe('1')
    expect(cache.size).toBe(2)
  })

  it('expires entries after their TTL', () => {
    const cache = new ResponseCache({ ttlMs: 1000 })
    cache.set('a', '1', 0)
    expect(cache.get('a', 999)?.body).toBe('1')
    expect(cache.get('a', 1000)).toBeUndefined()
  })

  it('produces a missing entry once for concurrent callers and caches no failure', async () => {
    const cache = new ResponseCache()
    let calls = 0
    const produce = async () => {
      calls++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return '{"ok":true}'
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getOrProduce('k', produce)))
    expect(calls).toBe(1)
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1)
    await expect(cache.getOrProduce('bad', async () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(cache.get('bad')).toBeUndefined()
  })

  it('shares an entry under an alias, within the same bound', () => {
    const cache = new ResponseCache({ max: 2 })
    const entry = cache.set('a', '1')
    cache.alias('raw-a', entry)
    expect(cache.get('raw-a')).toBe(entry)
    cache.set('b', '2')
    expect(cache.size).toBe(2)
  })
})

describe('cacheKey', () => {
  it('orders parameters, drops the token and undefined values', () => {
    expect(cacheKey('r', 9, { b: 2, a: 1, token: 'secret', c: undefined })).toBe('r|9|a=1|b=2')
    expect(cacheKey('r', 5, { a: 1 })).not.toBe(cacheKey('r', 9, { a: 1 }))
  })
})

describe('ResponseCache.drop', () => {
  it('drops the entries of a changed topic (and their raw-URL aliases), keeps the others', () => {
    const cache = new ResponseCache()
    const product = cache.set('product|9|code=a', '{"p":1}', Date.now(), 'catalog')
    cache.alias('raw|9|/api/v1/pages/product?product_code=a', product)
    cache.set('regions:province|9', '{"r":1}', Date.now(), 'regions')
    cache.drop('catalog')
    expect(cache.get('product|9|code=a')).toBeUndefined()
    expect(cache.get('raw|9|/api/v1/pages/product?product_code=a')).toBeUndefined()
    expect(cache.get('regions:province|9')?.body).toBe('{"r":1}')
    cache.drop('*')
    expect(cache.size).toBe(0)
  })

  it('does not keep an answer produced while a change was announced', async () => {
    const cache = new ResponseCache()
    let finish: (body: string) => void = () => {}
    const producing = cache.getOrProduce(
      'home|9',
      () => new Promise((resolve) => (finish = resolve)),
      'catalog',
    )
    cache.drop('catalog')
    finish('{"stale":true}')
    expect((await producing).body).toBe('{"stale":true}')
    expect(cache.get('home|9')).toBeUndefined()
  })
})
