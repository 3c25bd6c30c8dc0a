import { isGarmentKind, type GarmentKind } from './svg/garments.ts'
import { isColourName, type ColourName } from './svg/palette.ts'
import { PATTERNS, VIEWS, type Pattern, type View } from './svg/product.ts'
import { PAYMENT_MARKS, SOCIAL_ICONS } from './svg/graphics.ts'

/**
 * The media URL scheme, shared by the routes (which parse names) and the seed (which builds them).
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

const unslug = (slug: string) => slug.replace(/-/g, ' ')

export const productImageUrl = (kind: GarmentKind, colour: ColourName, pattern: Pattern, view: View) =>
  `${base}/p/${kind}_${colour}_${pattern}_${view}.svg`
export const bannerUrl = (layout: 1 | 2 | 3, colour: ColourName, kind: GarmentKind, title: string) =>
  `${base}/banner/${layout}_${colour}_${kind}_${slugify(title)}.svg`
export const tileUrl = (colour: ColourName, kind: GarmentKind, title: string) =>
  `${base}/tile/${colour}_${kind}_${slugify(title)}.svg`
export const logoUrl = (brandSlug: string, tone: 'dark' | 'light' = 'dark') =>
  `${base}/logo/${brandSlug}${tone === 'light' ? '_light' : ''}.svg`
export const paymentLogoUrl = (code: keyof typeof PAYMENT_MARKS) => `${base}/pay/${code}.svg`
export const socialIconUrl = (name: keyof typeof SOCIAL_ICONS) => `${base}/social/${name}.svg`
export const videoUrl = (file: string) => `${VIDEO_PREFIX}${file}`

/** What a media name asks for, once its grammar and every token are checked. */
export type MediaRequest =
  | { type: 'p'; kind: GarmentKind; colour: ColourName; pattern: Pattern; view: View }
  | { type: 'banner'; layout: 1 | 2 | 3; colour: ColourName; kind: GarmentKind; title: string }
  | { type: 'tile'; colour: ColourName; kind: GarmentKind; title: string }
  | { type: 'logo'; name: string; tone: 'dark' | 'light' }
  | { type: 'pay'; code: string }
  | { type: 'social'; name: string }

const isSlug = (s: string | undefined): s is string => !!s && s.length <= MAX_SLUG && SLUG.test(s)

/** Parses `/media/v1/{type}/{name}.svg` parts; null for anything unknown or malformed. */
export function parseMediaName(type: string, file: string): MediaRequest | null {
  if (file.length > 160 || !file.endsWith('.svg')) return null
  const parts = file.slice(0, -4).split('_')
  switch (type) {
    case 'p': {
      const [kind, colour, pattern, view] = parts
      if (parts.length !== 4 || !kind || !colour || !pattern || !view) return null
      if (!isGarmentKind(kind) || !isColourName(colour)) return null
      if (!(PATTERNS as readonly string[]).includes(pattern) || !(VIEWS as readonly string[]).includes(view))
        return null
      return { type, kind, colour, pattern: pattern as Pattern, view: view as View }
    }
    case 'banner': {
      const [layout, colour, kind, slug] = parts
      if (parts.length !== 4 || !colour || !kind || !isSlug(slug)) return null
      if (layout !== '1' && layout !== '2' && layout !== '3') return null
      if (!isColourName(colour) || !isGarmentKind(kind)) return null
      return { type, layout: Number(layout) as 1 | 2 | 3, colour, kind, title: unslug(slug) }
    }
    case 'tile': {
      const [colour, kind, slug] = parts
      if (parts.length !== 3 || !colour || !kind || !isSlug(slug)) return null
      if (!isColourName(colour) || !isGarmentKind(kind)) return null
      return { type, colour, kind, title: unslug(slug) }
    }
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
