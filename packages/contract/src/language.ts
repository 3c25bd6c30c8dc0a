/**
 * The languages the API answers its messages in (spec 001 section 9: English, the fallback, and
 * Indonesian). The storefront sends the shopper's language as `Accept-Language` on every call;
 * the API picks each answer's `message` (success and error alike) from it.
 */
export const MESSAGE_LANGUAGES = ['en', 'id'] as const
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number]
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'en'

/** One shopper message in every language the API speaks. */
export interface Localized {
  readonly en: string
  readonly id: string
}

/** A message in both languages (`say('Bag updated', 'Tas belanja diperbarui')`). */
export const say = (en: string, id: string): Localized => ({ en, id })

/** The message in `lng`. */
export const pick = (text: Localized, lng: MessageLanguage): string => text[lng]

/** 'id-ID', 'in', 'ID' → 'id'; 'en-GB' → 'en'; anything else → null. */
export function messageLanguageOf(tag: string): MessageLanguage | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  if (base === 'in') return 'id' // the old ISO code some browsers still send
  return base === 'en' || base === 'id' ? base : null
}

/**
 * The language of an `Accept-Language` header: the first of ours by quality (ties keep the
 * header's order), English when none is ours or the header is absent or malformed.
 */
export function negotiateMessageLanguage(header: string | string[] | undefined | null): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = value
    .slice(0, 1000)
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      return { lng: messageLanguageOf(tag ?? ''), q: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.lng !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return accepted[0]?.lng ?? DEFAULT_MESSAGE_LANGUAGE
}
