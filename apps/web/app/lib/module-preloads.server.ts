import { Transform } from 'node:stream'

const PRELOAD = Buffer.from('rel="modulepreload"')
const LOW = Buffer.from('rel="modulepreload" fetchpriority="low"')

/**
 * Gives every `<link rel="modulepreload">` of a page `fetchpriority="low"`. React Router's scripts
 * are preloaded from `<head>` at high priority, so on a slow phone connection they compete with the
 * stylesheet and the LCP image for the first paint (Lighthouse counts high-priority scripts fetched
 * before the first paint as render-blocking). At low priority the page paints first and hydrates as
 * soon as they arrive (decision 031). Bytes, not text: a chunk may end inside a UTF-8 character.
 */
export function lowPriorityModulePreloads(chunk: Buffer): Buffer {
  let at = chunk.indexOf(PRELOAD)
  if (at < 0) return chunk
  const parts: Buffer[] = []
  let from = 0
  while (at >= 0) {
    parts.push(chunk.subarray(from, at), LOW)
    from = at + PRELOAD.length
    at = chunk.indexOf(PRELOAD, from)
  }
  parts.push(chunk.subarray(from))
  return Buffer.concat(parts)
}

/** A pass-through stream applying `lowPriorityModulePreloads` to the page's HTML as it streams. */
export function lowPriorityPreloadStream(final: () => void): Transform {
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      callback(null, lowPriorityModulePreloads(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)))
    },
    final(callback) {
      final()
      callback()
    },
  })
}
