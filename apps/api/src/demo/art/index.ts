import { renderBannerSvg, renderTileSvg } from './banners.ts'
import { renderProductSvg } from './product.ts'
import { parseDemoArtName } from './urls.ts'

/**
 * The demo's drawings: product pictures (garment × colour × pattern × view), campaign banners and
 * category tiles. The media routes load this file with import() on the first request for one
 * (decision 042), so a shop without the demo never loads it.
 */
export function renderDemoArt(type: string, file: string): string | null {
  const request = parseDemoArtName(type, file)
  if (!request) return null
  switch (request.type) {
    case 'p':
      return renderProductSvg(request.kind, request.colour, request.pattern, request.view)
    case 'banner':
      return renderBannerSvg(request.layout, request.colour, request.kind, request.title)
    case 'tile':
      return renderTileSvg(request.colour, request.kind, request.title)
  }
}

export { bannerUrl, productImageUrl, tileUrl } from './urls.ts'
export { COLOURS, type ColourName } from './palette.ts'
export { GARMENT_KINDS, type GarmentKind } from './garments.ts'
export { VIEWS, type Pattern } from './product.ts'
