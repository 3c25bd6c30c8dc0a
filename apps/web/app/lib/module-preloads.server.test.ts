import { describe, expect, it } from 'vitest'
import { lowPriorityModulePreloads, lowPriorityPreloadStream } from './module-preloads.server.ts'

describe('module preloads at low priority', () => {
  it('marks every modulepreload link and leaves the rest of the bytes alone', () => {
    const html =
      '<head><link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/core.js" nonce="n"/><title>Kaos — Rp 179.000</title></head>'
    const out = lowPriorityModulePreloads(Buffer.from(html)).toString()
    expect(out.match(/rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2)
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(html)
    expect(lowPriorityModulePreloads(Buffer.from('<p>no links</p>')).toString()).toBe('<p>no links</p>')
  })

  it('streams the page through unchanged otherwise, multi-byte characters split across chunks included', async () => {
    let finished = false
    const stream = lowPriorityPreloadStream(() => (finished = true))
    const text = Buffer.from('<link rel="modulepreload" href="/x.js"/><p>Rp 179.000 — é</p>')
    const cut = text.indexOf(Buffer.from('é')) + 1 // inside the two bytes of é
    const out: Buffer[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk))
    stream.write(text.subarray(0, cut))
    stream.end(text.subarray(cut))
    await new Promise((resolve) => stream.on('end', resolve))
    expect(Buffer.concat(out).toString()).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/><p>Rp 179.000 — é</p>',
    )
    expect(finished).toBe(true)
  })
})
