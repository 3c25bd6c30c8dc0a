import { describe, expect, it } from 'vitest'
import { MAP_FRAME_SOURCES, allowedMapUrl, mapEmbedUrl, safeMapEmbed } from './map-embed.ts'

describe('mapEmbedUrl', () => {
  it.each([
    [
      '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600"></iframe>',
      'https://www.google.com/maps/embed?pb=!1m18!1m12',
    ],
    [
      '<iframe src="https://www.google.com/maps/embed/v1/place?key=K&amp;q=Braga"></iframe>',
      'https://www.google.com/maps/embed/v1/place?key=K&q=Braga',
    ],
    [
      '<iframe src="https://maps.google.com/maps?q=-6.2,106.8&amp;z=16&amp;output=embed"></iframe>',
      'https://maps.google.com/maps?q=-6.2,106.8&z=16&output=embed',
    ],
    [
      '<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1%2C2%2C3%2C4&amp;layer=mapnik"></iframe>',
      'https://www.openstreetmap.org/export/embed.html?bbox=1%2C2%2C3%2C4&layer=mapnik',
    ],
    [
      'https://maps.google.com/maps?q=Bandung&output=embed',
      'https://maps.google.com/maps?q=Bandung&output=embed',
    ],
    [
      '<p>Map:</p><IFRAME SRC="https://www.google.com/maps/embed?pb=1#frag"></IFRAME><iframe src="https://evil.example"></iframe>',
      'https://www.google.com/maps/embed?pb=1',
    ],
  ])('takes the src of an allow-listed map embed from %s', (field, url) => {
    expect(mapEmbedUrl(field)).toBe(url)
  })

  it.each([
    '',
    'Jl. Braga No. 88',
    '<a href="https://goo.gl/maps/x">map</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
    '<iframe src="http://www.google.com/maps/embed?pb=1"></iframe>',
    '<iframe src="https://www.google.com/maps/place/Braga"></iframe>',
    '<iframe src="https://www.google.com/maps/embedx?pb=1"></iframe>',
    '<iframe src="https://www.google.com/maps/embed/v1/"></iframe>',
    '<iframe src="https://maps.google.com/maps?q=1&output=json"></iframe>',
    '<iframe src="https://user:pw@www.google.com/maps/embed?pb=1"></iframe>',
    '<iframe src="https://www.google.com:8443/maps/embed?pb=1"></iframe>',
    '<iframe src="https://www.google.com.evil.example/maps/embed"></iframe>',
    '<iframe src="https://evil.example/?https://www.google.com/maps/embed"></iframe>',
    '<iframe src="//www.google.com/maps/embed?pb=1"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    `<iframe src="https://www.google.com/maps/embed?pb=${'x'.repeat(3000)}"></iframe>`,
  ])('finds no map in %s', (field) => {
    expect(mapEmbedUrl(field)).toBeNull()
  })
})

describe('safeMapEmbed and the frame sources', () => {
  it('writes its own iframe, escaping the URL and title', () => {
    const url = allowedMapUrl('https://www.google.com/maps/embed?pb="><script>')
    expect(url).toBe('https://www.google.com/maps/embed?pb=%22%3E%3Cscript%3E')
    expect(safeMapEmbed(url, 'A & "B"')).toContain('title="A &amp; &quot;B&quot;"')
    expect(safeMapEmbed(null, 'x')).toBe('')
  })

  it('lists the CSP frame-src sources of the endpoints', () => {
    expect(MAP_FRAME_SOURCES).toEqual([
      'https://www.google.com/maps/embed',
      'https://www.google.com/maps/embed/v1/',
      'https://maps.google.com/maps',
      'https://www.openstreetmap.org/export/embed.html',
    ])
  })
})
