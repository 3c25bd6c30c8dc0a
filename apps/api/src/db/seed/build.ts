import { htmlToText, sanitizeStoredHtml } from '../../safe-html.ts'
import { shopMidnight } from '@busana/contract/schemas'
import type { GarmentKind } from '../../domains/media/index.ts'
import { COLOURS, type ColourName } from '../../domains/media/index.ts'
import type { Pattern } from '../../domains/media/index.ts'
import { bannerUrl, paymentLogoUrl, productImageUrl, socialIconUrl, tileUrl, videoUrl } from '../../domains/media/index.ts'
import type * as schema from '../schema/catalog.ts'
import {
  BRANDS,
  FABRICS,
  MAIN_WHATSAPP,
  PAYMENT_METHODS,
  PREPPS_JR_LINES,
  SIZES,
  type BrandSpec,
  type Line,
} from './catalog-data.ts'
import { Random } from './random.ts'
import { WEIGHT_GRAMS } from './shipping-data.ts'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

/** Every row of the demo catalog, ready for multi-row inserts. */
export interface CatalogRows {
  brands: Insert<typeof schema.brands>[]
  categories: Insert<typeof schema.categories>[]
  segments: Insert<typeof schema.categorySegments>[]
  menus: Insert<typeof schema.menus>[]
  products: Insert<typeof schema.products>[]
  productCategories: Insert<typeof schema.productCategories>[]
  variants: Insert<typeof schema.variants>[]
  media: Insert<typeof schema.productMedia>[]
  related: Insert<typeof schema.relatedProducts>[]
  bundleOptions: Insert<typeof schema.bundleOptions>[]
  sliders: Insert<typeof schema.homeSliders>[]
  settings: Insert<typeof schema.siteSettings>[]
  social: Insert<typeof schema.socialMedia>[]
  payments: Insert<typeof schema.paymentMethods>[]
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** created_at of the newest product: fixed, so re-seeding gives identical rows. */
const NEWEST = Date.UTC(2025, 5, 2, 3, 0, 0)

/** Midnight in Jakarta (UTC+7) of the day `now` falls on, plus `days` days and `hours` hours. */
function wibTime(now: Date, days: number, hours: number): Date {
  return new Date(shopMidnight(now) + days * DAY + hours * HOUR)
}

type State = 'sale' | 'soon' | 'sold' | 'preorder' | 'range' | 'partial'

interface Variant {
  ukuran: string
  price: number
  stock: number
}

interface Draft {
  code: string
  brand: BrandSpec
  line: Line
  lineIndex: number
  colour: ColourName
  colourIndex: number
  isChild: boolean
  kind: GarmentKind
  pattern: Pattern
  states: Set<State>
  variants: Variant[]
  hargaCoret: string
  countdownEnd: Date | null
  soldQty: number
  thumbnail: 'NORMAL' | 'BIG'
  slide: 'HORIZONTAL' | 'VERTICAL'
  video: string | null
  canonical: { code: string; name: string } | null
  bundle: { max: number; limit: number; price: number; strike: number; images: string[] } | null
  name: string
  alt: string
  rank: number
}

/** Groups a garment belongs to for the per-type categories. */
function group(kind: GarmentKind): 'tops' | 'bottoms' | 'dresses' | 'outerwear' | 'bags' | 'hats' {
  if (['hoodie', 'jacket', 'jacket-denim', 'kids-hoodie'].includes(kind)) return 'outerwear'
  if (
    [
      'trousers',
      'jeans',
      'culottes',
      'shorts',
      'skirt',
      'skirt-pleated',
      'skirt-denim',
      'kids-shorts',
    ].includes(kind)
  )
    return 'bottoms'
  if (['dress', 'dress-slip', 'kaftan', 'kids-dress'].includes(kind)) return 'dresses'
  if (kind === 'tote' || kind === 'crossbody') return 'bags'
  if (kind === 'cap' || kind === 'bucket') return 'hats'
  return 'tops'
}

const GROUP_TITLES = {
  tops: 'Tops',
  bottoms: 'Bottoms',
  dresses: 'Dresses',
  outerwear: 'Outerwear',
  bags: 'Bags',
  hats: 'Hats',
} as const

/** A sale price a shop would print: the discount rounded down to the ten thousand, ending in 9.000. */
function salePrice(price: number, discount: number): number {
  return Math.max(49000, Math.floor((price * (1 - discount)) / 10000) * 10000 - 1000)
}

const VIDEOS: Partial<Record<string, string>> = {
  'shirt/sand': 'linen-shirt-v1.mp4',
  'dress/terracotta': 'midi-dress-v1.mp4',
  'hoodie/grey': 'fleece-hoodie-v1.mp4',
}

function draftsFor(
  brand: BrandSpec,
  lines: Line[],
  isChild: boolean,
  prefix: string,
  first: number,
): Draft[] {
  const drafts: Draft[] = []
  let n = first
  lines.forEach((line, lineIndex) => {
    line.colours.forEach((colour, colourIndex) => {
      const code = `${prefix}-${n++}`
      const rng = new Random(code)
      const c = COLOURS[colour]
      const [name, alt] =
        brand.language === 'id'
          ? [`${line.id} ${c.id}`, `${line.en} ${c.en}`]
          : [`${line.en} ${c.en}`, `${line.id} ${c.id}`]
      drafts.push({
        code,
        brand,
        line,
        lineIndex,
        colour,
        colourIndex,
        isChild,
        kind: line.kind,
        pattern: line.pattern ?? 'plain',
        states: new Set(),
        variants: SIZES[line.sizes].map((ukuran) => ({ ukuran, price: line.price, stock: rng.int(3, 40) })),
        hargaCoret: '0',
        countdownEnd: null,
        soldQty: rng.int(4, 900),
        thumbnail: 'NORMAL',
        slide: 'HORIZONTAL',
        video: brand.id === 9 && !isChild ? (VIDEOS[`${line.kind}/${colour}`] ?? null) : null,
        canonical: null,
        bundle: null,
        name,
        alt,
        rank: 0,
      })
    })
  })
  // Colour variants of a family point at the first colour as their canonical product.
  for (const d of drafts) {
    if (!d.line.family || d.colourIndex === 0) continue
    const master = drafts.find((m) => m.line === d.line && m.colourIndex === 0)!
    d.canonical = { code: master.code, name: brand.language === 'id' ? d.line.id : d.line.en }
  }
  return drafts
}

interface Quotas {
  soon: number
  sold: number
  preorder: number
  sale: number
  range: number
  partial: number
  flash: number
}

/**
 * Gives display states to a shuffled walk of the products: at most one of sale, coming soon, sold
 * out, pre-order and price range each; some sizes sold out on others (sale products included).
 */
function assignStates(drafts: Draft[], q: Quotas, rng: Random, now: Date): void {
  const left = { ...q }
  const multi = (d: Draft) => d.variants.length > 1
  for (const d of rng.shuffle(drafts)) {
    const r = new Random(`${d.code}/state`)
    if (left.soon > 0 && !d.video) {
      left.soon--
      d.states.add('soon')
      // The one time-dependent value: a launch a few days ahead of seeding, at 10:00 WIB.
      d.countdownEnd = wibTime(now, r.int(3, 9), 10)
      d.soldQty = 0
    } else if (left.sold > 0 && !d.video && !d.canonical) {
      left.sold--
      d.states.add('sold')
      for (const v of d.variants) v.stock = 0
    } else if (left.preorder > 0) {
      left.preorder--
      d.states.add('preorder')
      if (left.preorder === 0) d.countdownEnd = wibTime(now, 5, 21)
    } else if (left.sale > 0) {
      left.sale--
      d.states.add('sale')
      const price = d.line.price
      const sale = salePrice(price, r.pick([0.2, 0.25, 0.3, 0.4, 0.5]))
      d.hargaCoret = String(price)
      for (const v of d.variants) v.price = sale
      if (left.flash > 0) {
        left.flash--
        d.countdownEnd = wibTime(now, 2, 23 + 59 / 60)
      }
    } else if (left.range > 0 && multi(d)) {
      left.range--
      d.states.add('range')
      const half = Math.ceil(d.variants.length / 2)
      d.variants.forEach((v, i) => {
        v.price = d.line.price + (i === d.variants.length - 1 ? 30000 : i >= half ? 20000 : 0)
      })
    }
    if (
      left.partial > 0 &&
      multi(d) &&
      !d.states.has('sold') &&
      !d.states.has('soon') &&
      !d.states.has('range')
    ) {
      left.partial--
      d.states.add('partial')
      const out = r.shuffle(d.variants.map((_, i) => i)).slice(0, d.variants.length > 4 ? 2 : 1)
      for (const i of out) d.variants[i]!.stock = 0
    }
  }
}

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

function bundleDraft(
  brand: BrandSpec,
  code: string,
  names: [string, string],
  spec: NonNullable<Draft['bundle']>,
  kind: GarmentKind,
  colour: ColourName,
): Draft {
  const line: Line = {
    id: names[0],
    en: names[1],
    kind,
    price: spec.price,
    sizes: 'one',
    fabric: 'cotton',
    colours: [colour],
    note: [
      `Pilih ${spec.max} pcs dari pilihan di bawah dan hemat dibanding membeli satuan.`,
      `Choose ${spec.max} pieces from the options below and save on single prices.`,
    ],
  }
  return {
    code,
    brand,
    line,
    lineIndex: -1,
    colour,
    colourIndex: 0,
    isChild: false,
    kind,
    pattern: 'plain',
    states: new Set(),
    variants: [{ ukuran: 'ALL SIZE', price: spec.price, stock: 60 }],
    hargaCoret: String(spec.strike),
    countdownEnd: null,
    soldQty: new Random(code).int(40, 300),
    thumbnail: 'NORMAL',
    slide: 'HORIZONTAL',
    video: null,
    canonical: null,
    bundle: spec,
    name: names[0],
    alt: names[1],
    rank: 0,
  }
}

/**
 * Builds the whole demo catalog as rows. Pure apart from `now`, which only sets end_at of
 * countdowns (always in the future at seeding time).
 */
export function buildCatalog(now: Date): CatalogRows {
  const rows: CatalogRows = {
    brands: [],
    categories: [],
    segments: [],
    menus: [],
    products: [],
    productCategories: [],
    variants: [],
    media: [],
    related: [],
    bundleOptions: [],
    sliders: [],
    settings: [],
    social: [],
    payments: [],
  }
  const ids = { category: 0, segment: 0, menu: 0, slider: 0, media: 0, social: 0 }
  const all: Draft[] = []
  const byBrand = new Map<string, Draft[]>()

  const addCategory = (
    brand: BrandSpec,
    isChild: boolean,
    name: string,
    title: string,
    members: Draft[],
    grid?: { colour: ColourName; kind: GarmentKind },
  ) => {
    const id = ++ids.category
    rows.categories.push({
      id,
      idBrand: brand.id,
      name,
      title,
      isChild,
      priority: rows.categories.filter((c) => c.idBrand === brand.id && c.isChild === isChild).length + 1,
      urlImage: grid ? tileUrl(grid.colour, grid.kind, title) : '',
      inGrid: !!grid,
    })
    members.forEach((d, position) =>
      rows.productCategories.push({ categoryId: id, productCode: d.code, position }),
    )
    return id
  }

  const addMenu = (
    brand: BrandSpec,
    isChild: boolean,
    name: string,
    categoryName: string,
    sub: [string, string][] = [],
  ) => {
    const id = ++ids.menu
    const priority =
      rows.menus.filter((m) => m.idBrand === brand.id && m.isChild === isChild && !m.parentId).length + 1
    rows.menus.push({ id, idBrand: brand.id, parentId: null, name, categoryName, priority, isChild })
    sub.forEach(([subName, subCategory], i) =>
      rows.menus.push({
        id: ++ids.menu,
        idBrand: brand.id,
        parentId: id,
        name: subName,
        categoryName: subCategory,
        priority: i + 1,
        isChild,
      }),
    )
  }

  const addSlider = (
    brand: BrandSpec,
    isChild: boolean,
    linkBrand: number,
    categoryName: string,
    title: string,
    banners: string[],
    members: Draft[],
  ) => {
    rows.sliders.push({
      id: ++ids.slider,
      idBrand: brand.id,
      isChild,
      linkBrand,
      categoryName,
      title,
      urlImage: banners,
      productCodes: members.slice(0, 8).map((d) => d.code),
      priority: rows.sliders.filter((s) => s.idBrand === brand.id && s.isChild === isChild).length + 1,
    })
  }

  /** Newest first: coming-soon drops lead, the rest in a seeded order. */
  const rankByNewness = (drafts: Draft[], seed: string) => {
    const order = new Random(seed).shuffle(drafts)
    order.sort((a, b) => Number(b.states.has('soon')) - Number(a.states.has('soon')))
    order.forEach((d, i) => (d.rank = i))
    return order
  }
  const bestSellers = (drafts: Draft[]) =>
    drafts
      .filter((d) => !d.states.has('soon'))
      .sort((a, b) => b.soldQty - a.soldQty || a.code.localeCompare(b.code))

  for (const brand of BRANDS) {
    rows.brands.push({ id: brand.id, name: brand.name, slug: brand.slug, tagline: brand.tagline })
    const main = brand.id === 9
    const drafts = draftsFor(brand, brand.lines, false, brand.prefix, 1001)
    const rng = new Random(`${brand.slug}/states`)
    assignStates(
      drafts,
      main
        ? { soon: 5, sold: 6, preorder: 5, sale: 14, range: 6, partial: 10, flash: 3 }
        : { soon: 1, sold: 1, preorder: 0, sale: 3, range: 1, partial: 2, flash: 0 },
      rng,
      now,
    )
    const newest = rankByNewness(drafts, `${brand.slug}/new`)
    const best = bestSellers(drafts)
    const sale = drafts.filter((d) => d.states.has('sale'))
    byBrand.set(`${brand.id}/adult`, drafts)
    all.push(...drafts)

    if (main) {
      // The big listings: several pages of 10 for endless scrolling, with a BIG card in every 8.
      const newDrop = newest.slice(0, 36)
      const bestList = best.slice(0, 34)
      newDrop.forEach((d, i) => i % 8 === 0 && (d.thumbnail = 'BIG'))
      bestList.forEach((d, i) => i % 8 === 4 && d.thumbnail === 'NORMAL' && (d.thumbnail = 'BIG'))
      for (const d of drafts) {
        if (
          d.colourIndex === 0 &&
          ['dress', 'dress-slip', 'kaftan', 'jeans', 'culottes', 'skirt-pleated'].includes(d.kind)
        )
          d.slide = 'VERTICAL'
      }
      const byLine = (...names: string[]) => drafts.filter((d) => names.includes(d.line.id))
      const kinds = (...groups: string[]) => drafts.filter((d) => groups.includes(group(d.kind)))

      // Bundles: choose pieces per slot from products that can be bought now.
      const buyable = (d: Draft) =>
        !d.states.has('sold') &&
        !d.states.has('soon') &&
        !d.states.has('preorder') &&
        d.variants.some((v) => v.stock > 0)
      const bundles = [
        bundleDraft(
          brand,
          'PRP-B01',
          ['Paket Bundling 3 Kaos Basic', 'Basic Tee Bundle of 3'],
          { max: 3, limit: 0, price: 349000, strike: 387000, images: [] },
          'tee',
          'white',
        ),
        bundleDraft(
          brand,
          'PRP-B02',
          ['Paket Mix & Match 4 Pcs', 'Mix and Match Bundle of 4'],
          { max: 4, limit: 0, price: 899000, strike: 1096000, images: [] },
          'shirt',
          'sand',
        ),
        bundleDraft(
          brand,
          'PRP-B03',
          ['Paket Kemeja, Celana & Topi', 'Shirt, Shorts and Cap Set'],
          { max: 3, limit: 1, price: 549000, strike: 607000, images: [] },
          'shirt-short',
          'cream',
        ),
      ]
      const slots: Draft[][][] = [
        [
          byLine('Kaos Katun Basic'),
          byLine('Kaos Boxy Heavyweight', 'Kaos Katun Basic'),
          byLine('Kaos Garis Breton', 'Kaos Polkadot Boxy', 'Kaos Katun Basic'),
        ],
        [
          byLine('Kemeja Linen Oversize', 'Kemeja Oxford Button Down', 'Kemeja Kerah Cuban'),
          byLine('Celana Chino Slim', 'Celana Kulot Linen', 'Celana Jeans Straight'),
          kinds('bags', 'hats'),
        ],
        [
          byLine('Kemeja Kerah Cuban', 'Kemeja Batik Kawung'),
          byLine('Celana Pendek Chino', 'Celana Chino Slim'),
          byLine('Topi Baseball Twill', 'Topi Bucket Katun'),
        ],
      ]
      bundles.forEach((b, bi) => {
        const chosen = slots[bi]!.map((options) => options.filter(buyable).slice(0, 5))
        b.bundle!.images = chosen.map((options) =>
          productImageUrl(options[0]!.kind, options[0]!.colour, options[0]!.pattern, 'front'),
        )
        chosen.forEach((options, si) =>
          options.forEach((o, position) =>
            rows.bundleOptions.push({ productCode: b.code, slot: si + 1, optionCode: o.code, position }),
          ),
        )
      })
      drafts.push(...bundles)
      all.push(...bundles)

      addCategory(brand, false, 'new-drop', 'New Drop', newDrop)
      addCategory(brand, false, 'best-seller', 'Best Seller', bestList)
      const linenId = addCategory(brand, false, 'linen-edit', 'The Linen Edit', [])
      addCategory(brand, false, 'tops', 'Tops', kinds('tops'), { colour: 'sage', kind: 'shirt' })
      addCategory(brand, false, 'bottoms', 'Bottoms', kinds('bottoms'), { colour: 'khaki', kind: 'trousers' })
      addCategory(brand, false, 'dresses', 'Dresses', kinds('dresses'), {
        colour: 'terracotta',
        kind: 'dress',
      })
      addCategory(brand, false, 'outerwear', 'Outerwear', kinds('outerwear'), {
        colour: 'olive',
        kind: 'jacket',
      })
      addCategory(brand, false, 'accessories', 'Accessories', kinds('bags', 'hats'), {
        colour: 'cream',
        kind: 'tote',
      })
      addCategory(brand, false, 'sale', 'Sale', sale)
      addCategory(
        brand,
        false,
        'preorder',
        'Pre-Order',
        drafts.filter((d) => d.states.has('preorder')),
      )
      addCategory(brand, false, 'bundle-deals', 'Bundle Deals', bundles, { colour: 'sand', kind: 'tee-boxy' })

      // The segment list: named groups, each with three banners.
      const segments: [string, ColourName, GarmentKind, Draft[]][] = [
        ['Linen Shirts', 'sand', 'shirt', byLine('Kemeja Linen Oversize', 'Kemeja Kerah Cuban')],
        ['Relaxed Trousers', 'sage', 'culottes', byLine('Celana Kulot Linen', 'Celana Chino Slim')],
        ['Summer Dresses', 'terracotta', 'dress', byLine('Dress Midi Linen', 'Dress Slip Satin')],
      ]
      let position = 0
      segments.forEach(([name, colour, kind, members], i) => {
        const id = ++ids.segment
        rows.segments.push({
          id,
          categoryId: linenId,
          name,
          img1: bannerUrl(1, colour, kind, name),
          img2: bannerUrl(2, colour, kind, name),
          img3: bannerUrl(3, colour, kind, name),
          priority: i + 1,
        })
        for (const d of members)
          rows.productCategories.push({
            categoryId: linenId,
            productCode: d.code,
            segmentId: id,
            position: position++,
          })
      })

      addMenu(brand, false, 'New Drop', 'new-drop', [
        ['Best Seller', 'best-seller'],
        ['The Linen Edit', 'linen-edit'],
      ])
      addMenu(brand, false, 'Clothing', '', [
        ['Tops', 'tops'],
        ['Bottoms', 'bottoms'],
        ['Dresses', 'dresses'],
        ['Outerwear', 'outerwear'],
      ])
      addMenu(brand, false, 'Accessories', 'accessories')
      addMenu(brand, false, 'Bundle Deals', 'bundle-deals')
      addMenu(brand, false, 'Pre-Order', 'preorder')
      addMenu(brand, false, 'Sale', 'sale')

      addSlider(
        brand,
        false,
        9,
        'new-drop',
        'New Drop',
        [bannerUrl(1, 'sage', 'shirt', 'New Drop'), bannerUrl(2, 'sand', 'culottes', 'New Drop')],
        newDrop,
      )
      addSlider(
        brand,
        false,
        9,
        'best-seller',
        'Best Seller',
        [bannerUrl(3, 'navy', 'jeans', 'Best Seller')],
        bestList,
      )
      addSlider(
        brand,
        false,
        9,
        'linen-edit',
        'The Linen Edit',
        [
          bannerUrl(2, 'terracotta', 'dress', 'The Linen Edit'),
          bannerUrl(1, 'white', 'shirt', 'The Linen Edit'),
        ],
        [...byLine('Kemeja Linen Oversize'), ...byLine('Celana Kulot Linen'), ...byLine('Dress Midi Linen')],
      )
      addSlider(
        brand,
        false,
        9,
        'sale',
        'Sale',
        [
          bannerUrl(1, 'maroon', 'shirt-short', 'Mid Year Sale'),
          bannerUrl(3, 'mustard', 'tee-boxy', 'Diskon Hingga 50'),
        ],
        sale,
      )

      // Prepps Jr: the junior section (is_child), same brand id, its own categories and menus.
      const jr = draftsFor(brand, PREPPS_JR_LINES, true, 'PJR', 101)
      assignStates(
        jr,
        { soon: 1, sold: 1, preorder: 0, sale: 3, range: 0, partial: 2, flash: 0 },
        new Random('prepps-jr/states'),
        now,
      )
      const jrNew = rankByNewness(jr, 'prepps-jr/new')
      byBrand.set('9/child', jr)
      all.push(...jr)
      const jrKinds = (...k: GarmentKind[]) => jr.filter((d) => k.includes(d.kind))
      addCategory(brand, true, 'jr-new-drop', 'New Drop', jrNew)
      addCategory(brand, true, 'jr-boys', 'Boys', jrKinds('kids-tee', 'kids-shorts', 'kids-hoodie'), {
        colour: 'sky',
        kind: 'kids-tee',
      })
      addCategory(brand, true, 'jr-girls', 'Girls', jrKinds('kids-dress', 'kids-tee', 'kids-hoodie'), {
        colour: 'rose',
        kind: 'kids-dress',
      })
      addCategory(brand, true, 'jr-accessories', 'Accessories', jrKinds('bucket'), {
        colour: 'mustard',
        kind: 'bucket',
      })
      addCategory(
        brand,
        true,
        'jr-sale',
        'Sale',
        jr.filter((d) => d.states.has('sale')),
      )
      addMenu(brand, true, 'New Drop', 'jr-new-drop')
      addMenu(brand, true, 'Shop', '', [
        ['Boys', 'jr-boys'],
        ['Girls', 'jr-girls'],
        ['Accessories', 'jr-accessories'],
      ])
      addMenu(brand, true, 'Sale', 'jr-sale')
      addSlider(
        brand,
        true,
        9,
        'jr-new-drop',
        'New Drop',
        [
          bannerUrl(1, 'mustard', 'kids-tee', 'Prepps Jr New Drop'),
          bannerUrl(2, 'sky', 'kids-hoodie', 'Siap Sekolah'),
        ],
        jrNew,
      )
      addSlider(
        brand,
        true,
        9,
        'jr-girls',
        'Girls',
        [bannerUrl(3, 'rose', 'kids-dress', 'Little Dresses')],
        jrKinds('kids-dress', 'kids-tee'),
      )
      addSlider(
        brand,
        true,
        9,
        'jr-boys',
        'Boys',
        [bannerUrl(1, 'sky', 'kids-shorts', 'Play Day')],
        jrKinds('kids-tee', 'kids-shorts', 'kids-hoodie'),
      )
    } else {
      const groups = [...new Set(drafts.map((d) => group(d.kind)))]
      addCategory(brand, false, 'new-drop', 'New Drop', newest.slice(0, 10))
      addCategory(brand, false, 'best-seller', 'Best Seller', best.slice(0, 10))
      for (const g of groups) {
        const members = drafts.filter((d) => group(d.kind) === g)
        addCategory(brand, false, g, GROUP_TITLES[g], members, {
          colour: members[0]!.colour,
          kind: members[0]!.kind,
        })
      }
      addCategory(brand, false, 'sale', 'Sale', sale)
      addMenu(brand, false, 'New Drop', 'new-drop', [['Best Seller', 'best-seller']])
      addMenu(
        brand,
        false,
        'Shop',
        '',
        groups.map((g) => [GROUP_TITLES[g], g] as [string, string]),
      )
      addMenu(brand, false, 'Sale', 'sale')
      const lead = brand.lines[0]!
      addSlider(
        brand,
        false,
        brand.id,
        'new-drop',
        'New Drop',
        [
          bannerUrl(1, lead.colours[0]!, lead.kind, `${brand.name} New Drop`),
          bannerUrl(2, lead.colours[1] ?? lead.colours[0]!, lead.kind, 'New Drop'),
        ],
        newest,
      )
      const second = brand.lines[1]!
      addSlider(
        brand,
        false,
        brand.id,
        'best-seller',
        'Best Seller',
        [bannerUrl(3, second.colours[0]!, second.kind, 'Best Seller')],
        best,
      )
    }

    rows.settings.push({
      idBrand: brand.id,
      backgroundColor: brand.footer,
      whatsapp: main ? MAIN_WHATSAPP : '',
      sidebar: [
        { name: 'New Drop', link: `/shop/${brand.id}/category/new-drop` },
        { name: 'Best Seller', link: `/shop/${brand.id}/category/best-seller` },
        { name: 'Sale', link: `/shop/${brand.id}/category/sale` },
        ...(main ? [{ name: 'Prepps Jr', link: '/prepps-jr' }] : []),
        { name: 'Our Store', link: '/our-store' },
        { name: 'Article', link: '/article' },
        { name: 'Track Order', link: '/tracking' },
        { name: 'Help', link: '/help/faq' },
      ],
    })
    const handle = brand.instagram
    const socials: [string, string, 'instagram' | 'tiktok' | 'facebook' | 'youtube'][] = [
      ['Instagram', `https://www.instagram.com/${handle}/`, 'instagram'],
      ['TikTok', `https://www.tiktok.com/@${handle.replace(/\./g, '')}`, 'tiktok'],
      ['Facebook', `https://www.facebook.com/${handle.replace(/\./g, '')}`, 'facebook'],
      ['YouTube', `https://www.youtube.com/@${handle.replace(/\./g, '')}`, 'youtube'],
    ]
    socials.forEach(([name, link, icon], position) =>
      rows.social.push({
        id: ++ids.social,
        idBrand: brand.id,
        name,
        link,
        logo: socialIconUrl(icon),
        position,
      }),
    )
  }

  // A sister-brand carousel on the main home: Kaina's new drop, linked to brand 5's category.
  const kaina = BRANDS.find((b) => b.id === 5)!
  const kainaNew = [...byBrand.get('5/adult')!].sort((a, b) => a.rank - b.rank)
  addSlider(
    BRANDS[0]!,
    false,
    5,
    'new-drop',
    'Kaina New Drop',
    [bannerUrl(2, 'rose', 'dress', 'Kaina New Drop')],
    kainaNew,
  )
  void kaina

  // Related products: other pieces of the same brand and section, other garment groups first.
  for (const [, drafts] of byBrand) {
    for (const d of drafts) {
      const r = new Random(`${d.code}/related`)
      const others = r.shuffle(drafts.filter((o) => o !== d && !o.bundle))
      others.sort((a, b) => Number(group(a.kind) === group(d.kind)) - Number(group(b.kind) === group(d.kind)))
      others
        .slice(0, r.int(3, 6))
        .forEach((o, position) => rows.related.push({ productCode: d.code, relatedCode: o.code, position }))
    }
  }

  for (const d of all) {
    const prices = d.variants.map((v) => v.price)
    const ranged = d.states.has('range')
    const { html, text } = describe(d)
    const lookTitle =
      d.brand.language === 'id'
        ? ['tops', 'bottoms'].includes(group(d.kind))
          ? 'Complete The Look'
          : 'Kamu Mungkin Suka'
        : 'You May Also Like'
    rows.products.push({
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
      createdAt: new Date(NEWEST - (d.bundle ? 40 : d.rank) * 6 * HOUR - (d.isChild ? 2 * DAY : 0)),
      // Published when made (issue 14's drafts): a fixed time, so seeding again writes the same row.
      publishedAt: new Date(NEWEST - (d.bundle ? 40 : d.rank) * 6 * HOUR - (d.isChild ? 2 * DAY : 0)),
    })
    d.variants.forEach((v, position) =>
      rows.variants.push({
        skuProduct: d.bundle ? `${d.code}-SET` : `${d.code}-${v.ukuran === 'ALL SIZE' ? 'ALL' : v.ukuran}`,
        productCode: d.code,
        ukuran: v.ukuran,
        sellingPrice: v.price,
        stock: v.stock,
        weightGrams: WEIGHT_GRAMS[d.kind],
        position,
      }),
    )
    const images = d.bundle
      ? d.bundle.images
      : (['front', 'back', 'detail'] as const).map((view) =>
          productImageUrl(d.kind, d.colour, d.pattern, view),
        )
    const media: { type: 'image' | 'video'; url: string; src: string }[] = images.map((url) => ({
      type: 'image',
      url,
      src: url,
    }))
    if (d.video) media.splice(1, 0, { type: 'video', url: videoUrl(d.video), src: images[0]! })
    media.forEach((m, position) => rows.media.push({ id: ++ids.media, productCode: d.code, ...m, position }))
  }

  PAYMENT_METHODS.forEach(
    ([name, logo, code, category, feeFlat, feePercentBp, expiryMinutes, deskripsi], i) =>
      rows.payments.push({
        id: i + 1,
        code,
        name,
        logo: paymentLogoUrl(logo),
        category,
        deskripsi,
        feeFlat,
        feePercentBp,
        expiryMinutes,
        position: i,
      }),
  )
  return rows
}
