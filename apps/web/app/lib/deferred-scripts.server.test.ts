import { describe, expect, it } from 'vitest'
import { deferScripts, preloadHero } from './deferred-scripts.server.ts'

const HEAD =
  '<head><meta charset="utf-8"/><title>Kaos — Rp 179.000</title>' +
  '<link nonce="n" rel="stylesheet" href="/assets/app.css"/></head>'
const PRELOADS =
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/core.js" nonce="n"/>'
const BOOT = '<script nonce="n" type="module" async>import("/assets/entry.client.js");</script>'

describe('React Router scripts made inert for the hydration gate', () => {
  it('turns modulepreload links and the inline module into inert tags, and leaves the rest alone', () => {
    const page = HEAD + '<body><p>é</p>' + PRELOADS + BOOT + '</body>'
    const out = deferScripts(page)
    expect(out).not.toContain('rel="modulepreload"')
    expect(out.match(/data-deferred="modulepreload"/g)).toHaveLength(2)
    expect(out).toContain('<script nonce="n" type="text/x-deferred-module" async>import(')
    expect(
      out
        .replaceAll('data-deferred="modulepreload"', 'rel="modulepreload"')
        .replace('text/x-deferred-module', 'module'),
    ).toBe(page)
    expect(deferScripts('<p>no scripts</p>')).toBe('<p>no scripts</p>')
  })

  it('also knows the bootstrap written with an empty async value', () => {
    expect(deferScripts('<script type="module" async="">x</script>')).toBe(
      '<script type="text/x-deferred-module" async>x</script>',
    )
  })
})

describe('the largest picture preloaded from <head>', () => {
  it('preloads the first high-priority image of the body, at the end of <head>', () => {
    const body =
      '<body><img src="/media/a.svg?w=1&amp;h=2" srcSet="/a-400.webp 400w, /a-800.webp 800w" ' +
      'sizes="100vw" fetchPriority="high" loading="eager"/><img src="/b.svg" fetchPriority="high"/></body>'
    const out = preloadHero(HEAD + body)
    const link =
      '<link rel="preload" as="image" href="/media/a.svg?w=1&amp;h=2" ' +
      'imagesrcset="/a-400.webp 400w, /a-800.webp 800w" imagesizes="100vw" fetchpriority="high"/>'
    expect(out).toBe(HEAD.replace('</head>', `${link}</head>`) + body)
  })

  it('changes nothing without a high-priority image, or for one only in <head>', () => {
    const body = '<body><img src="/c.svg" fetchPriority="low"/></body>'
    expect(preloadHero(HEAD + body)).toBe(HEAD + body)
    expect(preloadHero('<p>no head</p>')).toBe('<p>no head</p>')
  })

  it('works on a <head> without links', () => {
    const out = preloadHero(
      '<head><title>t</title></head><body><img src="/d.svg" fetchpriority="high"></body>',
    )
    expect(out).toBe(
      '<head><title>t</title><link rel="preload" as="image" href="/d.svg" fetchpriority="high"/></head>' +
        '<body><img src="/d.svg" fetchpriority="high"></body>',
    )
  })
})
