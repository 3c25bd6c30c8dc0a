/**
 * The rows of each product: the product itself with its description, its sizes (variants), its
 * gallery, and the related products shown under it.
 */
import type { ColourFamily } from '@busana/contract'
import { htmlToText, sanitizeStoredHtml } from '../../safe-html.ts'
import { videoUrl } from '../../domains/media/index.ts'
import { COLOURS, productImageUrl, type ColourName, type Pattern } from '../art/index.ts'
import type * as schema from '../../db/schema/catalog.ts'
import { FABRICS } from './catalog-data.ts'
import type { CatalogBuilder, CatalogRows, Insert } from './catalog-rows.ts'
import { DAY, HOUR, group, type Draft } from './product-drafts.ts'
import { Random } from './random.ts'
import { WEIGHT_GRAMS } from './shipping-data.ts'

/** created_at of the newest product: fixed, so re-seeding gives identical rows. */
const NEWEST = Date.UTC(2025, 5, 2, 3, 0, 0)

/** Related products: other pieces of the same brand and section, other garment groups first. */
export function addRelatedProducts(rows: CatalogRows, sections: Iterable<Draft[]>): void {
  for (const drafts of sections) {
    for (const d of drafts) {
      const r = new Random(`${d.code}/related`)
      const others = r.shuffle(drafts.filter((o) => o !== d && !o.bundle))
      others.sort((a, b) => Number(group(a.kind) === group(d.kind)) - Number(group(b.kind) === group(d.kind)))
      others
        .slice(0, r.int(3, 6))
        .forEach((o, position) => rows.related.push({ productCode: d.code, relatedCode: o.code, position }))
    }
  }
}

/**
 * The listing filter's family of each demo colour (issue 39), as a shopper would look for it: navy
 * and denim are blue, sand is cream, terracotta orange, maroon red. Every colour has one, so a new
 * colour in the palette fails the type check until it is placed.
 */
export const COLOUR_FAMILY_OF: Record<ColourName, ColourFamily> = {
  sand: 'cream',
  cream: 'cream',
  white: 'white',
  black: 'black',
  navy: 'blue',
  olive: 'green',
  sage: 'green',
  terracotta: 'orange',
  mocca: 'brown',
  denim: 'blue',
  sky: 'blue',
  rose: 'pink',
  mustard: 'yellow',
  charcoal: 'grey',
  grey: 'grey',
  maroon: 'red',
  lilac: 'purple',
  emerald: 'green',
  khaki: 'brown',
  indigo: 'blue',
}

/** Prints that read as several colours; textures (twill, knit) and fine pinstripes keep the cloth's. */
const MULTI_PATTERNS: ReadonlySet<Pattern> = new Set(['batik', 'check', 'stripe', 'dot'])

/**
 * A demo product's colour family: its colour's, `multi` for a print of several colours and for a
 * bundle (its pieces are picked from options of different colours).
 */
export function colourFamilyOf(d: Pick<Draft, 'colour' | 'pattern' | 'bundle'>): ColourFamily {
  if (d.bundle || MULTI_PATTERNS.has(d.pattern)) return 'multi'
  return COLOUR_FAMILY_OF[d.colour]
}

/** A product with its variants and its gallery. */
export function addProduct(shop: CatalogBuilder, d: Draft): void {
  shop.rows.products.push(productRow(d))
  d.variants.forEach((v, position) => {
    const sku = d.bundle ? `${d.code}-SET` : `${d.code}-${v.ukuran === 'ALL SIZE' ? 'ALL' : v.ukuran}`
    shop.rows.variants.push({
      skuProduct: sku,
      productCode: d.code,
      ukuran: v.ukuran,
      sellingPrice: v.price,
      weightGrams: WEIGHT_GRAMS[d.kind],
      position,
    })
    shop.rows.stock.push({ sku, stock: v.stock })
  })
  shop.addMedia(d.code, gallery(d))
}

function productRow(d: Draft): Insert<typeof schema.products> {
  const prices = d.variants.map((v) => v.price)
  const ranged = d.states.has('range')
  const { html, text } = describe(d)
  const lookTitle =
    d.brand.language === 'id'
      ? ['tops', 'bottoms'].includes(group(d.kind))
        ? 'Complete The Look'
        : 'Kamu Mungkin Suka'
      : 'You May Also Like'
  return {
    productCode: d.code,
    idBrand: d.brand.id,
    productName: d.name,
    productNameAlt: d.alt,
    canonicalProductCode: d.canonical?.code ?? null,
    canonicalProductMasterName: d.canonical?.name ?? null,
    description: html,
    descriptionWithoutTags: text,
    status: d.states.has('sold') ? 'sold' : 'available',
    productLable: d.states.has('sale') ? 'ON-SALE' : d.states.has('soon') ? 'COMING-SOON' : '',
    categoryMenu: d.states.has('preorder') ? 'Preorder' : '',
    startPrice: ranged ? Math.min(...prices) : 0,
    endPrice: ranged ? Math.max(...prices) : 0,
    sellingPrice: Math.min(...prices),
    hargaCoret: d.hargaCoret,
    soldQty: d.soldQty,
    isBundling: !!d.bundle,
    countdown: d.countdownEnd !== null,
    endAt: d.countdownEnd,
    judulRelated: lookTitle,
    thumbnail: d.thumbnail,
    slideOption: d.slide,
    maxBundling: d.bundle?.max ?? 0,
    limitQtyBundling: d.bundle?.limit ?? 0,
    isChild: d.isChild,
    colourFamily: colourFamilyOf(d),
    createdAt: new Date(NEWEST - (d.bundle ? 40 : d.rank) * 6 * HOUR - (d.isChild ? 2 * DAY : 0)),
    // Published when made (issue 14's drafts): a fixed time, so seeding again writes the same row.
    publishedAt: new Date(NEWEST - (d.bundle ? 40 : d.rank) * 6 * HOUR - (d.isChild ? 2 * DAY : 0)),
  }
}

/** Front, back and close-up (a bundle shows one piece per slot), the video second if there is one. */
function gallery(d: Draft): { type: 'image' | 'video'; url: string; src: string }[] {
  const images = d.bundle
    ? d.bundle.images
    : (['front', 'back', 'detail'] as const).map((view) => productImageUrl(d.kind, d.colour, d.pattern, view))
  const media: { type: 'image' | 'video'; url: string; src: string }[] = images.map((url) => ({
    type: 'image',
    url,
    src: url,
  }))
  if (d.video) media.splice(1, 0, { type: 'video', url: videoUrl(d.video), src: images[0]! })
  return media
}

/** The bilingual description: what the piece is, its details and its care, Indonesian first. */
function describe(d: Draft): { html: string; text: string } {
  const fabric = FABRICS[d.line.fabric]
  const c = COLOURS[d.colour]
  const fit =
    d.line.sizes === 'kids'
      ? ['Ukuran 4Y untuk usia 3-4 tahun; lihat tabel ukuran.', '4Y fits ages 3 to 4; see the size chart.']
      : d.line.sizes === 'one'
        ? ['Satu ukuran untuk semua.', 'One size fits all.']
        : ['Model tinggi 172 cm memakai ukuran M.', 'The model is 172 cm tall and wears size M.']
  const raw =
    `<p>${d.line.note[0]} ${d.brand.name} membuat ${d.line.id.toLowerCase()} ini dari ${fabric.id.toLowerCase()}.</p>` +
    `<p><em>${d.line.note[1]} Made by ${d.brand.name} from ${fabric.en.toLowerCase()}.</em></p>` +
    `<h4>Detail</h4><ul>` +
    `<li><strong>Bahan / Material:</strong> ${fabric.id} / ${fabric.en}</li>` +
    `<li><strong>Warna / Colour:</strong> ${c.id} / ${c.en}</li>` +
    `<li><strong>Ukuran / Fit:</strong> ${fit[0]} / ${fit[1]}</li></ul>` +
    `<h4>Perawatan / Care</h4><ul>${fabric.care.map(([id, en]) => `<li>${id} / ${en}</li>`).join('')}</ul>`
  return sanitized(raw)
}

/** The product HTML through the one sanitiser any stored HTML must pass (decision 033). */
function sanitized(raw: string): { html: string; text: string } {
  const html = sanitizeStoredHtml(raw)
  return { html, text: htmlToText(html) }
}
