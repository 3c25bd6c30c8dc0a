import { PAYMENT_MARKS, SOCIAL_ICONS } from './svg/marks.ts'

/**
 * The media URL scheme, shared by the routes (which parse names) and the seed (which builds them).
 * The demo's drawings (`p`, `banner`, `tile`) have their names in the demo's art (decision 042).
 * Every generated picture is a pure function of its URL, so URLs under /media/v1/ never change
 * content: a drawing change ships as /media/v2/ and the old URLs stay cacheable forever.
 */
export const MEDIA_VERSION = 'v1'
const base = `/media/${MEDIA_VERSION}`

/** Stable by design: the storefront falls back to this picture when any image fails to load. */
export const FALLBACK_URL = '/media/fallback.svg'
/** Prefix of the committed demo clips (served with Range support). */
export const VIDEO_PREFIX = '/media/video/'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_SLUG = 48

/** Lower-case words joined by hyphens, as the banner and tile URLs carry their titles. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
}

export const unslug = (slug: string) => slug.replace(/-/g, ' ')

/** `/media/v1`: the prefix of every generated picture, the demo's drawings too. */
export const MEDIA_BASE = base
/** The kinds of picture the demo's art draws (`/media/v1/{kind}/…`), loaded when first asked for. */
export const DEMO_ART_TYPES = ['p', 'banner', 'tile'] as const

export const logoUrl = (brandSlug: string, tone: 'dark' | 'light' = 'dark') =>
  `${base}/logo/${brandSlug}${tone === 'light' ? '_light' : ''}.svg`
export const paymentLogoUrl = (code: keyof typeof PAYMENT_MARKS) => `${base}/pay/${code}.svg`
export const socialIconUrl = (name: keyof typeof SOCIAL_ICONS) => `${base}/social/${name}.svg`
export const videoUrl = (file: string) => `${VIDEO_PREFIX}${file}`

/** What a media name asks for, once its grammar and every token are checked. */
export type MediaRequest =
  | { type: 'logo'; name: string; tone: 'dark' | 'light' }
  | { type: 'pay'; code: string }
  | { type: 'social'; name: string }

export const isSlug = (s: string | undefined): s is string => !!s && s.length <= MAX_SLUG && SLUG.test(s)

/** Parses `/media/v1/{type}/{name}.svg` parts of the store's marks; null for anything else. */
export function parseMediaName(type: string, file: string): MediaRequest | null {
  if (file.length > 160 || !file.endsWith('.svg')) return null
  const parts = file.slice(0, -4).split('_')
  switch (type) {
    case 'logo': {
      const [name, tone] = parts
      if (parts.length > 2 || !isSlug(name) || (tone !== undefined && tone !== 'light')) return null
      return { type, name: unslug(name), tone: tone ? 'light' : 'dark' }
    }
    case 'pay':
      return parts.length === 1 && Object.hasOwn(PAYMENT_MARKS, parts[0]!) ? { type, code: parts[0]! } : null
    case 'social':
      return parts.length === 1 && Object.hasOwn(SOCIAL_ICONS, parts[0]!) ? { type, name: parts[0]! } : null
    default:
      return null
  }
}
