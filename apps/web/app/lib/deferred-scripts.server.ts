import { Transform } from 'node:stream'

/**
 * What the server changes in React Router's script tags so that the page's JavaScript starts only
 * once the page has painted its largest picture (decision 031): the modulepreload links become
 * inert links the hydration gate turns back into preloads, and the inline module that imports the
 * route modules and the entry becomes an inert script the gate runs (lib/hydration-gate.ts).
 */
const REWRITES: readonly (readonly [Buffer, Buffer])[] = [
  [Buffer.from('rel="modulepreload"'), Buffer.from('data-deferred="modulepreload"')],
  [Buffer.from(' type="module" async=""'), Buffer.from(' type="text/x-deferred-module" async=""')],
]

/** The bytes with every rewrite applied. Bytes, not text: a chunk may end inside a UTF-8 character. */
export function deferScripts(chunk: Buffer): Buffer {
  let out = chunk
  for (const [from, to] of REWRITES) {
    let at = out.indexOf(from)
    if (at < 0) continue
    const parts: Buffer[] = []
    let start = 0
    while (at >= 0) {
      parts.push(out.subarray(start, at), to)
      start = at + from.length
      at = out.indexOf(from, start)
    }
    parts.push(out.subarray(start))
    out = Buffer.concat(parts)
  }
  return out
}

/** How many bytes at the end of `chunk` could be the start of a rewrite's text (held for the next). */
export function partialMatchLength(chunk: Buffer): number {
  let longest = 0
  for (const [from] of REWRITES) {
    for (let n = Math.min(from.length - 1, chunk.length); n > longest; n--) {
      if (chunk.subarray(chunk.length - n).equals(from.subarray(0, n))) {
        longest = n
        break
      }
    }
  }
  return longest
}

/**
 * A pass-through stream applying `deferScripts` to the page's HTML as it streams. A chunk that ends
 * with the start of a rewrite's text keeps those few bytes back until the next chunk, so a tag split
 * across two chunks is rewritten too.
 */
export function deferredScriptsStream(final: () => void): Transform {
  let held: Buffer = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = Buffer.concat([held, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)])
      const keep = partialMatchLength(bytes)
      held = bytes.subarray(bytes.length - keep)
      callback(null, deferScripts(bytes.subarray(0, bytes.length - keep)))
    },
    flush(callback) {
      final()
      callback(null, held.length > 0 ? deferScripts(held) : undefined)
    },
  })
}
