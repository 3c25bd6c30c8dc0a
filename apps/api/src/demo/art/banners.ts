import { INK, SANS, SERIF } from '../../domains/media/index.ts'
import type { GarmentKind } from './garments.ts'
import { COLOURS, esc, mix, type ColourName } from './palette.ts'
import { garmentLayer, type Pattern } from './product.ts'

/**
 * The demo's campaign banners and category tiles, drawn from its garments. All text is drawn with
 * system font stacks (an <img> SVG cannot load web fonts).
 */

/** Garments that look good next to the featured one on a banner. */
const PARTNER: Partial<Record<GarmentKind, GarmentKind>> = {
  tee: 'jeans',
  'tee-boxy': 'shorts',
  polo: 'trousers',
  shirt: 'trousers',
  'shirt-short': 'shorts',
  sweater: 'skirt-pleated',
  hoodie: 'jeans',
  jacket: 'trousers',
  'jacket-denim': 'tee',
  vest: 'shirt',
  trousers: 'shirt',
  jeans: 'tee',
  culottes: 'shirt-short',
  shorts: 'tee-boxy',
  skirt: 'tee',
  'skirt-pleated': 'sweater',
  'skirt-denim': 'tee',
  dress: 'tote',
  'dress-slip': 'crossbody',
  kaftan: 'tote',
  tote: 'dress',
  crossbody: 'dress-slip',
  cap: 'tee-boxy',
  bucket: 'shirt-short',
  'kids-tee': 'kids-shorts',
  'kids-dress': 'kids-tee',
  'kids-shorts': 'kids-tee',
  'kids-hoodie': 'kids-shorts',
}

/** Second colour of a banner: a quiet neutral that sits well with the featured colour. */
function partnerColour(colour: ColourName): ColourName {
  const neutrals: ColourName[] = ['cream', 'sand', 'white', 'navy', 'charcoal']
  return (
    neutrals.find((c) => c !== colour && (colour === 'white' || colour === 'cream' ? c === 'navy' : true)) ??
    'cream'
  )
}

/** Splits a title into at most two balanced lines. */
function lines(title: string): string[] {
  const words = title.split(' ')
  if (title.length <= 14 || words.length === 1) return [title]
  let best = 1
  let bestDiff = Infinity
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length)
    if (diff < bestDiff) [best, bestDiff] = [i, diff]
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')]
}

function titleBlock(
  title: string,
  x: number,
  y: number,
  anchor: 'start' | 'middle',
  maxWidth: number,
  accent: string,
) {
  const rows = lines(title.toUpperCase())
  const longest = Math.max(...rows.map((r) => r.length))
  const size = Math.round(Math.min(88, maxWidth / (longest * 0.68)))
  const text = rows
    .map(
      (r, i) =>
        `<text x="${x}" y="${y + i * size * 1.04}" text-anchor="${anchor}" font-family="${SERIF}" font-size="${size}" letter-spacing="${Math.round(size * 0.06)}" fill="${INK}">${esc(r)}</text>`,
    )
    .join('')
  return { text, height: rows.length * size * 1.04, size, accent }
}

const TAGLINES = [
  'Koleksi terbaru · New collection',
  'Belanja sekarang · Shop now',
  'Edisi terbatas · Limited edition',
] as const

/**
 * A 1200 x 600 campaign banner: featured garment and a partner piece in an arch on a tinted
 * backdrop, with the campaign title set in a didone serif. `layout` 1-3 moves the text.
 */
export function renderBannerSvg(
  layout: 1 | 2 | 3,
  colour: ColourName,
  kind: GarmentKind,
  title: string,
): string {
  const base = COLOURS[colour].hex
  const back = mix(base, '#f7f2ea', 0.84)
  const back2 = mix(base, '#e9e0d4', 0.72)
  const arch = mix(base, '#fbf8f3', 0.55)
  const accent = mix(base, '#1d1712', 0.35)
  const a = garmentLayer(kind, colour, 'plain', 'a')
  const b = garmentLayer(PARTNER[kind] ?? 'tee', partnerColour(colour), 'plain', 'b')
  const tagline = TAGLINES[layout - 1] ?? TAGLINES[0]
  let art: string
  let words: string
  if (layout === 2) {
    // The title's first baseline sits one cap height below the tagline, so the two never overlap.
    const t = titleBlock(title, 600, 0, 'middle', 560, accent)
    const top = 218
    const button = Math.round(top + t.height + 40)
    art =
      `<rect x="40" y="70" width="300" height="560" rx="150" fill="${arch}"/><rect x="860" y="70" width="300" height="560" rx="150" fill="${arch}"/>` +
      `<g transform="translate(30 92) scale(.53)">${a.body}</g><g transform="translate(850 92) scale(.53)">${b.body}</g>`
    words =
      `<text x="600" y="190" text-anchor="middle" font-family="${SANS}" font-size="19" letter-spacing="5" fill="${accent}">${esc(tagline.toUpperCase())}</text>` +
      t.text.replace(
        /y="(-?\d+(\.\d+)?)"/g,
        (_m, y) => `y="${Math.round(Number(y) + top + t.size * 0.78)}"`,
      ) +
      `<rect x="510" y="${button}" width="180" height="50" fill="none" stroke="${INK}" stroke-width="2"/>` +
      `<text x="600" y="${button + 32}" text-anchor="middle" font-family="${SANS}" font-size="17" letter-spacing="4" fill="${INK}">SHOP NOW</text>`
  } else {
    const textLeft = layout === 1
    const tx = textLeft ? 96 : 640
    const ax = textLeft ? 640 : 90
    const t = titleBlock(title, tx, 270, 'start', 480, accent)
    art =
      `<rect x="${ax}" y="40" width="470" height="600" rx="235" fill="${arch}"/>` +
      `<g transform="translate(${ax - 45} 70) scale(.62)">${a.body}</g><g transform="translate(${ax + 175} 120) scale(.55)">${b.body}</g>`
    words =
      `<rect x="${tx}" y="196" width="56" height="4" fill="${accent}"/>` +
      `<text x="${tx}" y="${232}" font-family="${SANS}" font-size="19" letter-spacing="5" fill="${accent}">${esc(tagline.toUpperCase())}</text>` +
      t.text.replace(/y="(\d+(\.\d+)?)"/g, (_m, y) => `y="${Math.round(Number(y) + t.size * 0.55)}"`) +
      `<text x="${tx}" y="${Math.round(310 + t.height + t.size * 0.3)}" font-family="${SANS}" font-size="17" letter-spacing="4" fill="${INK}" text-decoration="underline">SHOP NOW →</text>`
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${back}"/><stop offset="1" stop-color="${back2}"/></linearGradient>${a.defs}${b.defs}</defs>` +
    `<rect width="1200" height="600" fill="url(#g)"/>${art}${words}</svg>`
  )
}

/** A 600 x 600 category tile for the home grid: the garment in an arch, the name underneath. */
export function renderTileSvg(colour: ColourName, kind: GarmentKind, title: string): string {
  const base = COLOURS[colour].hex
  const g = garmentLayer(kind, colour, 'plain' as Pattern, 'a')
  const size = Math.round(Math.min(52, 520 / (title.length * 0.72)))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">` +
    `<defs>${g.defs}</defs><rect width="600" height="600" fill="${mix(base, '#f6f1ea', 0.82)}"/>` +
    `<rect x="120" y="36" width="360" height="440" rx="180" fill="${mix(base, '#fdfbf7', 0.55)}"/>` +
    `<g transform="translate(135 50) scale(.55)">${g.body}</g>` +
    `<text x="300" y="548" text-anchor="middle" font-family="${SERIF}" font-size="${size}" letter-spacing="4" fill="${INK}">${esc(title.toUpperCase())}</text></svg>`
  )
}
