import { createHash } from 'node:crypto'
import type { MediaRequest } from './media.urls.ts'
import { renderFallbackSvg, renderLogoSvg, renderPaymentSvg, renderSocialSvg } from './svg/marks.ts'

export interface MediaFile {
  body: string
  /** Weak: the bytes on the wire differ by content encoding, the picture does not. */
  etag: string
}

/** Draws the SVG a parsed media name asks for. */
export function renderMedia(request: MediaRequest): string | null {
  switch (request.type) {
    case 'logo':
      return renderLogoSvg(request.name, request.tone === 'light' ? '#ffffff' : undefined)
    case 'pay':
      return renderPaymentSvg(request.code)
    case 'social':
      return renderSocialSvg(request.name)
  }
}

const toFile = (body: string): MediaFile => ({
  body,
  etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
})

/**
 * A small LRU of drawn files keyed by URL: repeated requests do no drawing and no hashing. Banner
 * and tile titles come from the URL, so the key space is open and the cache must stay bounded.
 */
export class MediaCache {
  private readonly entries = new Map<string, MediaFile>()
  constructor(private readonly max = 2000) {}

  get(key: string, draw: () => string | null): MediaFile | null {
    const hit = this.entries.get(key)
    if (hit) {
      // Re-insert so Map order tracks recency.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit
    }
    const body = draw()
    if (body === null) return null
    const file = toFile(body)
    this.entries.set(key, file)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    return file
  }

  get size() {
    return this.entries.size
  }
}

/** The fallback picture is drawn once per process. */
export const fallbackFile: MediaFile = toFile(renderFallbackSvg())

/** True when an If-None-Match header names this ETag (weak comparison, lists and '*' allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}
