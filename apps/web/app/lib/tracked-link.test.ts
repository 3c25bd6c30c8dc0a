import { describe, expect, it } from 'vitest'
import { withTracking } from './tracked-link.tsx'

describe('withTracking', () => {
  const search = '?utm_source=ig&utm_medium=story&session_id=s1&lng=id'
  it('appends utm_source, utm_medium and session_id to internal paths only', () => {
    expect(withTracking('/shop/9/category/dresses', search)).toBe(
      '/shop/9/category/dresses?utm_source=ig&utm_medium=story&session_id=s1',
    )
    expect(withTracking('/search?query=batik#top', search)).toBe(
      '/search?query=batik&utm_source=ig&utm_medium=story&session_id=s1#top',
    )
    expect(withTracking('https://wa.me/62811', search)).toBe('https://wa.me/62811')
    expect(withTracking('//evil.example/x', search)).toBe('//evil.example/x')
  })
  it('keeps values already in the link and leaves links alone without tracking', () => {
    expect(withTracking('/?utm_source=mail', '?utm_source=ig')).toBe('/?utm_source=mail')
    expect(withTracking('/cart', '?lng=en')).toBe('/cart')
  })
})
