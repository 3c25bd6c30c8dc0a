/**
 * Named garment colours and the colour arithmetic the illustrations share. Names are part of the
 * media URLs (/media/v1/p/shirt_sage_plain_front.svg), so a name, once published, keeps its hex.
 */

export interface Colour {
  hex: string
  /** Indonesian label, as Indonesian shops name colours (English loan words included). */
  id: string
  en: string
}

export const COLOURS = {
  sand: { hex: '#d8c19c', id: 'Pasir', en: 'Sand' },
  cream: { hex: '#eee3cc', id: 'Krem', en: 'Cream' },
  white: { hex: '#f3f1ec', id: 'Broken White', en: 'Off White' },
  black: { hex: '#2b2b2e', id: 'Hitam', en: 'Black' },
  navy: { hex: '#2d3d5a', id: 'Navy', en: 'Navy' },
  olive: { hex: '#6e7350', id: 'Hijau Olive', en: 'Olive' },
  sage: { hex: '#a5b497', id: 'Hijau Sage', en: 'Sage Green' },
  terracotta: { hex: '#bd6848', id: 'Terakota', en: 'Terracotta' },
  mocca: { hex: '#8b6b56', id: 'Coklat Mocca', en: 'Mocha' },
  denim: { hex: '#4e6c93', id: 'Biru Denim', en: 'Denim Blue' },
  sky: { hex: '#a8c6e2', id: 'Biru Muda', en: 'Sky Blue' },
  rose: { hex: '#d8a49e', id: 'Dusty Pink', en: 'Dusty Rose' },
  mustard: { hex: '#cf9f3a', id: 'Kuning Mustard', en: 'Mustard' },
  charcoal: { hex: '#4a4c51', id: 'Abu Tua', en: 'Charcoal' },
  grey: { hex: '#b8b7b3', id: 'Abu Misty', en: 'Misty Grey' },
  maroon: { hex: '#7a2f3b', id: 'Maroon', en: 'Maroon' },
  lilac: { hex: '#b8a6cf', id: 'Ungu Lilac', en: 'Lilac' },
  emerald: { hex: '#2f6e5d', id: 'Hijau Emerald', en: 'Emerald' },
  khaki: { hex: '#b59f74', id: 'Khaki', en: 'Khaki' },
  indigo: { hex: '#33406e', id: 'Indigo', en: 'Indigo' },
} as const satisfies Record<string, Colour>

export type ColourName = keyof typeof COLOURS
export const COLOUR_NAMES = Object.keys(COLOURS) as ColourName[]

export const isColourName = (value: string): value is ColourName => Object.hasOwn(COLOURS, value)

type Rgb = [number, number, number]

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${part(r)}${part(g)}${part(b)}`
}

/** Linear mix: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a)
  const y = toRgb(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

/** Relative luminance (0 dark .. 1 light), enough to pick contrasting details. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The tones one garment is painted with, derived from its base colour. */
export interface Paint {
  fill: string
  /** Folds, seams and the shaded side. */
  shade: string
  /** Highlights and top-stitching on dark cloth. */
  light: string
  /** Thread colour of visible stitching. */
  stitch: string
  /** Studio backdrop, top and bottom of its gradient. */
  backTop: string
  backBottom: string
}

export function paintFor(hex: string): Paint {
  const lum = luminance(hex)
  const dark = lum < 0.18
  return {
    fill: hex,
    shade: mix(hex, '#1d1712', dark ? 0.35 : 0.28),
    light: mix(hex, '#ffffff', dark ? 0.22 : 0.35),
    stitch: dark ? mix(hex, '#ffffff', 0.35) : mix(hex, '#2a2018', 0.35),
    // A warm studio paper tinted by the garment; very light cloth gets a deeper backdrop for contrast.
    backTop: mix(hex, lum > 0.7 ? '#e9e4dc' : '#f7f4ef', lum > 0.7 ? 0.75 : 0.86),
    backBottom: mix(hex, lum > 0.7 ? '#d9d2c7' : '#e8e2d9', lum > 0.7 ? 0.8 : 0.84),
  }
}

/** Escapes text for SVG character data and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
