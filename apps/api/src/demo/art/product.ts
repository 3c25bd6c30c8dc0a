import { GARMENTS, type Drawing, type GarmentKind } from './garments.ts'
import { COLOURS, luminance, paintFor, type ColourName, type Paint } from './palette.ts'

/** Views of a product picture: the whole garment front and back, and a close-up of the cloth. */
export const VIEWS = ['front', 'back', 'detail'] as const
export type View = (typeof VIEWS)[number]

/** Cloth patterns laid over the garment colour. */
export const PATTERNS = ['plain', 'stripe', 'pinstripe', 'check', 'dot', 'batik', 'twill', 'knit'] as const
export type Pattern = (typeof PATTERNS)[number]

/** The <pattern> element for a cloth, in garment coordinates. */
function patternDef(pattern: Pattern, p: Paint): string {
  const light = luminance(p.fill) > 0.45
  const ink = light ? p.shade : p.light
  const open = (w: number, h: number) =>
    `<pattern id="pt" width="${w}" height="${h}" patternUnits="userSpaceOnUse">`
  switch (pattern) {
    case 'plain':
      return ''
    case 'stripe':
      return `${open(24, 24)}<rect width="24" height="9" fill="${light ? '#2d3d5a' : '#f3f1ec'}" fill-opacity=".85"/></pattern>`
    case 'pinstripe':
      return `${open(16, 16)}<rect width="1.4" height="16" fill="${ink}" fill-opacity=".55"/></pattern>`
    case 'check':
      return `${open(32, 32)}<rect width="16" height="32" fill="${p.shade}" fill-opacity=".24"/><rect width="32" height="16" fill="${p.shade}" fill-opacity=".24"/><path d="M0 24H32M24 0V32" stroke="${p.light}" stroke-opacity=".5"/></pattern>`
    case 'dot':
      return `${open(26, 26)}<circle cx="13" cy="13" r="3.2" fill="${ink}" fill-opacity=".75"/></pattern>`
    case 'batik':
      // Kawung: four petals around a centre, the classic Javanese motif.
      return `${open(44, 44)}<g fill="none" stroke="${ink}" stroke-opacity=".75" stroke-width="1.6"><ellipse cx="22" cy="11" rx="6" ry="10"/><ellipse cx="22" cy="33" rx="6" ry="10"/><ellipse cx="11" cy="22" rx="10" ry="6"/><ellipse cx="33" cy="22" rx="10" ry="6"/></g><circle cx="22" cy="22" r="2.5" fill="${ink}"/><circle cx="0" cy="0" r="3" fill="${ink}" fill-opacity=".6"/><circle cx="44" cy="44" r="3" fill="${ink}" fill-opacity=".6"/><circle cx="44" cy="0" r="3" fill="${ink}" fill-opacity=".6"/><circle cx="0" cy="44" r="3" fill="${ink}" fill-opacity=".6"/></pattern>`
    case 'twill':
      return `${open(8, 8)}<path d="M-2 2L2 -2M0 8L8 0M6 10L10 6" stroke="${p.light}" stroke-opacity=".22" stroke-width="1.5"/></pattern>`
    case 'knit':
      return `${open(12, 12)}<path d="M0 0L6 7L12 0M0 6L6 13L12 6" fill="none" stroke="${p.shade}" stroke-opacity=".22" stroke-width="1.2"/></pattern>`
  }
}

const canvasFilter = 'filterUnits="userSpaceOnUse" x="-100" y="-100" width="800" height="1000"'

function defs(p: Paint, pattern: Pattern, view: View): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.backTop}"/><stop offset="1" stop-color="${p.backBottom}"/></linearGradient>` +
    `<radialGradient id="vg" cx=".5" cy=".42" r=".62"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="sh" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset=".38" stop-color="#fff" stop-opacity="0"/><stop offset=".68" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient>` +
    // The long form of feDropShadow: librsvg (used to render the demo clips) lacks the short one.
    `<filter id="ds" ${canvasFilter}><feGaussianBlur in="SourceAlpha" stdDeviation="9"/><feOffset dy="8"/><feComponentTransfer><feFuncA type="linear" slope=".22"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
    `<filter id="soft" ${canvasFilter}><feGaussianBlur stdDeviation="3"/></filter>` +
    `<filter id="blur" ${canvasFilter}><feGaussianBlur stdDeviation="12"/></filter>` +
    patternDef(pattern, p) +
    (view === 'detail'
      ? `<pattern id="wv" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 2.5H5" stroke="#000" stroke-opacity=".07"/><path d="M2.5 0V5" stroke="#fff" stroke-opacity=".08"/></pattern>`
      : '') +
    '</defs>'
  )
}

function garmentGroup(d: Drawing, p: Paint, pattern: Pattern, view: View): string {
  const body =
    `<path d="${d.outline}" fill="${p.fill}"/>` +
    (pattern === 'plain' ? '' : `<path d="${d.outline}" fill="url(#pt)"/>`) +
    (view === 'detail' ? `<path d="${d.outline}" fill="url(#wv)"/>` : '') +
    `<path d="${d.outline}" fill="url(#sh)"/>` +
    `<path d="${d.outline}" fill="none" stroke="${p.shade}" stroke-opacity=".55" stroke-width="2" stroke-linejoin="round"/>` +
    d.details
  const k = d.scale ?? 1
  const inner = k === 1 ? '' : ` transform="translate(300 400) scale(${k}) translate(-300 -400)"`
  return `<g filter="url(#ds)"${inner}>${d.under}${body}</g>`
}

/** Renames every id of an SVG fragment so several drawings can share one document. */
function prefixIds(svg: string, prefix: string): string {
  return svg.replace(/id="(\w+)"/g, `id="${prefix}$1"`).replace(/url\(#(\w+)\)/g, `url(#${prefix}$1)`)
}

/**
 * One product picture as a 600 x 800 (3:4) SVG: the garment on a warm studio backdrop with a
 * soft floor shadow; `detail` magnifies the front around the garment's focus point and shows the
 * weave of the cloth.
 */
export function renderProductSvg(
  kind: GarmentKind,
  colour: ColourName,
  pattern: Pattern,
  view: View,
): string {
  const p = paintFor(COLOURS[colour].hex)
  const d = GARMENTS[kind](view === 'back' ? 'back' : 'front', p)
  const k = d.scale ?? 1
  let scene: string
  if (view === 'detail') {
    const fx = 300 + (d.focus[0] - 300) * k
    const fy = 400 + (d.focus[1] - 400) * k
    const zoom = 2.4 / k
    scene = `<g transform="translate(300 400) scale(${zoom}) translate(${-fx} ${-fy})">${garmentGroup(d, p, pattern, view)}</g>`
  } else {
    scene = shadow(d) + garmentGroup(d, p, pattern, view)
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800">` +
    defs(p, pattern, view) +
    `<rect width="600" height="800" fill="url(#bg)"/><rect width="600" height="800" fill="url(#vg)"/>` +
    scene +
    '</svg>'
  )
}

function shadow(d: Drawing): string {
  const k = d.scale ?? 1
  const bottom = 400 + (d.bottom - 400) * k
  return `<ellipse cx="300" cy="${Math.round(bottom + 14)}" rx="${Math.round(d.spread * k)}" ry="16" fill="#2a2119" fill-opacity=".2" filter="url(#blur)"/>`
}

/**
 * The front of a garment without its backdrop, in 600 x 800 coordinates, for banners and tiles.
 * Ids carry `prefix` so several garments can share one document.
 */
export function garmentLayer(kind: GarmentKind, colour: ColourName, pattern: Pattern, prefix: string) {
  const p = paintFor(COLOURS[colour].hex)
  const d = GARMENTS[kind]('front', p)
  return {
    defs: prefixIds(defs(p, pattern, 'front'), prefix).replace(/^<defs>|<\/defs>$/g, ''),
    body: prefixIds(shadow(d) + garmentGroup(d, p, pattern, 'front'), prefix),
  }
}
