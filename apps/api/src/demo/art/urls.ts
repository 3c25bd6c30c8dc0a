import { isSlug, MEDIA_BASE, slugify, unslug } from '../../domains/media/index.ts'
import { isGarmentKind, type GarmentKind } from './garments.ts'
import { isColourName, type ColourName } from './palette.ts'
import { PATTERNS, VIEWS, type Pattern, type View } from './product.ts'

/**
 * The demo's picture URLs, under the media routes' versioned prefix: every drawing is a pure
 * function of its URL, so a drawing change ships under a new version and old URLs stay cacheable.
 */
export const productImageUrl = (kind: GarmentKind, colour: ColourName, pattern: Pattern, view: View) =>
  `${MEDIA_BASE}/p/${kind}_${colour}_${pattern}_${view}.svg`
export const bannerUrl = (layout: 1 | 2 | 3, colour: ColourName, kind: GarmentKind, title: string) =>
  `${MEDIA_BASE}/banner/${layout}_${colour}_${kind}_${slugify(title)}.svg`
export const tileUrl = (colour: ColourName, kind: GarmentKind, title: string) =>
  `${MEDIA_BASE}/tile/${colour}_${kind}_${slugify(title)}.svg`

/** What a demo picture's name asks for, once its grammar and every token are checked. */
export type DemoArtRequest =
  | { type: 'p'; kind: GarmentKind; colour: ColourName; pattern: Pattern; view: View }
  | { type: 'banner'; layout: 1 | 2 | 3; colour: ColourName; kind: GarmentKind; title: string }
  | { type: 'tile'; colour: ColourName; kind: GarmentKind; title: string }

/** Parses `/media/v1/{p|banner|tile}/{name}.svg` parts; null for anything unknown or malformed. */
export function parseDemoArtName(type: string, file: string): DemoArtRequest | null {
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
    default:
      return null
  }
}
