/**
 * Writes the stills of one demo clip (front, detail, back of a garment) as SVG files, for
 * make-video.sh. Usage: node --import tsx clip-frames.ts <out-dir> <kind> <colour> <pattern>
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isGarmentKind } from '../garments.ts'
import { isColourName } from '../palette.ts'
import { PATTERNS, renderProductSvg, VIEWS, type Pattern } from '../product.ts'

const [out, kind, colour, pattern] = process.argv.slice(2)
if (
  !out ||
  !kind ||
  !colour ||
  !pattern ||
  !isGarmentKind(kind) ||
  !isColourName(colour) ||
  !(PATTERNS as readonly string[]).includes(pattern)
) {
  console.error('usage: clip-frames.ts <out-dir> <kind> <colour> <pattern>')
  process.exit(2)
}
for (const view of VIEWS) {
  // Rendered at twice the size so the slow zoom stays sharp.
  const svg = renderProductSvg(kind, colour, pattern as Pattern, view).replace(
    'width="600" height="800"',
    'width="1200" height="1600"',
  )
  writeFileSync(join(out, `${view}.svg`), svg)
}
