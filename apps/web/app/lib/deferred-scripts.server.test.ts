import { describe, expect, it } from 'vitest'
import { deferredScriptsStream, deferScripts, partialMatchLength } from './deferred-scripts.server.ts'

const HEAD =
  '<head><link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/core.js" nonce="n"/><title>Kaos — Rp 179.000</title></head>'
const BOOT = '<script nonce="n" type="module" async="">import("/assets/entry.client.js");</script>'

async function streamed(parts: Buffer[]) {
  let finished = false
  const stream = deferredScriptsStream(() => (finished = true))
  const out: Buffer[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk))
  parts.forEach((part, i) => (i === parts.length - 1 ? stream.end(part) : stream.write(part)))
  await new Promise((resolve) => stream.on('end', resolve))
  return { html: Buffer.concat(out).toString(), finished }
}

describe('React Router scripts made inert for the hydration gate', () => {
  it('turns modulepreload links and the inline module into inert tags, and leaves the rest alone', () => {
    const out = deferScripts(Buffer.from(HEAD + BOOT)).toString()
    expect(out).not.toContain('rel="modulepreload"')
    expect(out.match(/data-deferred="modulepreload"/g)).toHaveLength(2)
    expect(out).toContain('<script nonce="n" type="text/x-deferred-module" async="">import(')
    expect(
      out
        .replaceAll('data-deferred="modulepreload"', 'rel="modulepreload"')
        .replace('text/x-deferred-module', 'module'),
    ).toBe(HEAD + BOOT)
    expect(deferScripts(Buffer.from('<p>no scripts</p>')).toString()).toBe('<p>no scripts</p>')
  })

  it('holds back only a tail that could start a rewrite', () => {
    expect(partialMatchLength(Buffer.from('<link rel="modu'))).toBe('rel="modu'.length)
    expect(partialMatchLength(Buffer.from('<script nonce="n" typ'))).toBe(' typ'.length)
    expect(partialMatchLength(Buffer.from('<p>done</p>'))).toBe(0)
    expect(partialMatchLength(Buffer.from('<p>r</p>'))).toBe(0)
  })

  it('rewrites tags split across chunks, at every cut, multi-byte characters included', async () => {
    const text = Buffer.from(HEAD + '<p>é</p>' + BOOT)
    const whole = deferScripts(text).toString()
    for (let cut = 1; cut < text.length; cut++) {
      const { html, finished } = await streamed([text.subarray(0, cut), text.subarray(cut)])
      expect(html, `cut at ${cut}`).toBe(whole)
      expect(finished).toBe(true)
    }
  })
})
