/**
 * The main brand's shop, Prepps (brand 9): long listings for endless scrolling, three bundles, the
 * Linen Edit with its segments, and the junior section Prepps Jr (rows with is_child true).
 */
import { bannerUrl, productImageUrl, type ColourName, type GarmentKind } from '../art/index.ts'
import { PREPPS_JR_LINES, type BrandSpec } from './catalog-data.ts'
import type { CatalogBuilder, Section } from './catalog-rows.ts'
import {
  MAIN_BRAND_ID,
  assignStates,
  bundleDraft,
  draftsFor,
  ofGroups,
  ofLines,
  rankByNewness,
  type Draft,
  type Listings,
} from './product-drafts.ts'
import { Random } from './random.ts'

interface BundleSpec {
  code: string
  names: [string, string]
  terms: { max: number; limit: number; price: number; strike: number }
  kind: GarmentKind
  colour: ColourName
  /** The products each slot may offer, before the unbuyable ones are left out. */
  slots: (drafts: Draft[]) => Draft[][]
}

const BUNDLES: BundleSpec[] = [
  {
    code: 'PRP-B01',
    names: ['Paket Bundling 3 Kaos Basic', 'Basic Tee Bundle of 3'],
    terms: { max: 3, limit: 0, price: 349000, strike: 387000 },
    kind: 'tee',
    colour: 'white',
    slots: (d) => [
      ofLines(d, 'Kaos Katun Basic'),
      ofLines(d, 'Kaos Boxy Heavyweight', 'Kaos Katun Basic'),
      ofLines(d, 'Kaos Garis Breton', 'Kaos Polkadot Boxy', 'Kaos Katun Basic'),
    ],
  },
  {
    code: 'PRP-B02',
    names: ['Paket Mix & Match 4 Pcs', 'Mix and Match Bundle of 4'],
    terms: { max: 4, limit: 0, price: 899000, strike: 1096000 },
    kind: 'shirt',
    colour: 'sand',
    slots: (d) => [
      ofLines(d, 'Kemeja Linen Oversize', 'Kemeja Oxford Button Down', 'Kemeja Kerah Cuban'),
      ofLines(d, 'Celana Chino Slim', 'Celana Kulot Linen', 'Celana Jeans Straight'),
      ofGroups(d, 'bags', 'hats'),
    ],
  },
  {
    code: 'PRP-B03',
    names: ['Paket Kemeja, Celana & Topi', 'Shirt, Shorts and Cap Set'],
    terms: { max: 3, limit: 1, price: 549000, strike: 607000 },
    kind: 'shirt-short',
    colour: 'cream',
    slots: (d) => [
      ofLines(d, 'Kemeja Kerah Cuban', 'Kemeja Batik Kawung'),
      ofLines(d, 'Celana Pendek Chino', 'Celana Chino Slim'),
      ofLines(d, 'Topi Baseball Twill', 'Topi Bucket Katun'),
    ],
  },
]

/** Builds the Prepps shop from its listings; the bundles join its drafts and are returned. */
export function buildPreppsHome(shop: CatalogBuilder, brand: BrandSpec, listings: Listings): Draft[] {
  const section = { brand, isChild: false }
  const { drafts, newest, best, sale } = listings
  // The big listings: several pages of 10 for endless scrolling, with a BIG card in every 8.
  const newDrop = newest.slice(0, 36)
  const bestList = best.slice(0, 34)
  shapeCards(drafts, newDrop, bestList)
  const bundles = addBundles(shop, brand, drafts)
  // The bundles join the drafts after the listings were cut: they land in the per-type categories
  // and get related products, but not in New Drop, Best Seller or Sale.
  drafts.push(...bundles)
  const shown = { drafts, newest: newDrop, best: bestList, sale }
  addPreppsCategories(shop, section, shown, bundles)
  addPreppsMenus(shop, section)
  addPreppsSliders(shop, section, shown)
  return bundles
}

/** A BIG card in every 8 of the long listings; a vertical gallery for long garments. */
function shapeCards(drafts: Draft[], newDrop: Draft[], bestList: Draft[]): void {
  newDrop.forEach((d, i) => i % 8 === 0 && (d.thumbnail = 'BIG'))
  bestList.forEach((d, i) => i % 8 === 4 && d.thumbnail === 'NORMAL' && (d.thumbnail = 'BIG'))
  for (const d of drafts) {
    if (
      d.colourIndex === 0 &&
      ['dress', 'dress-slip', 'kaftan', 'jeans', 'culottes', 'skirt-pleated'].includes(d.kind)
    )
      d.slide = 'VERTICAL'
  }
}

/** The bundles, each slot offering up to five products that can be bought now. */
function addBundles(shop: CatalogBuilder, brand: BrandSpec, drafts: Draft[]): Draft[] {
  const buyable = (d: Draft) =>
    !d.states.has('sold') &&
    !d.states.has('soon') &&
    !d.states.has('preorder') &&
    d.variants.some((v) => v.stock > 0)
  return BUNDLES.map(({ code, names, terms, kind, colour, slots }) => {
    const bundle = bundleDraft(brand, code, names, { ...terms, images: [] }, kind, colour)
    const chosen = slots(drafts).map((options) => options.filter(buyable).slice(0, 5))
    bundle.bundle!.images = chosen.map((options) =>
      productImageUrl(options[0]!.kind, options[0]!.colour, options[0]!.pattern, 'front'),
    )
    chosen.forEach((options, si) =>
      options.forEach((o, position) =>
        shop.rows.bundleOptions.push({ productCode: code, slot: si + 1, optionCode: o.code, position }),
      ),
    )
    return bundle
  })
}

/** Listings, the per-type grid, sale, pre-order and bundle deals; then the Linen Edit's segments. */
function addPreppsCategories(
  shop: CatalogBuilder,
  section: Section,
  lists: Listings,
  bundles: Draft[],
): void {
  const { drafts } = lists
  shop.addCategory(section, 'new-drop', 'New Drop', lists.newest)
  shop.addCategory(section, 'best-seller', 'Best Seller', lists.best)
  const linenId = shop.addCategory(section, 'linen-edit', 'The Linen Edit', [])
  shop.addCategory(section, 'tops', 'Tops', ofGroups(drafts, 'tops'), { colour: 'sage', kind: 'shirt' })
  shop.addCategory(section, 'bottoms', 'Bottoms', ofGroups(drafts, 'bottoms'), {
    colour: 'khaki',
    kind: 'trousers',
  })
  shop.addCategory(section, 'dresses', 'Dresses', ofGroups(drafts, 'dresses'), {
    colour: 'terracotta',
    kind: 'dress',
  })
  shop.addCategory(section, 'outerwear', 'Outerwear', ofGroups(drafts, 'outerwear'), {
    colour: 'olive',
    kind: 'jacket',
  })
  shop.addCategory(section, 'accessories', 'Accessories', ofGroups(drafts, 'bags', 'hats'), {
    colour: 'cream',
    kind: 'tote',
  })
  shop.addCategory(section, 'sale', 'Sale', lists.sale)
  shop.addCategory(
    section,
    'preorder',
    'Pre-Order',
    drafts.filter((d) => d.states.has('preorder')),
  )
  shop.addCategory(section, 'bundle-deals', 'Bundle Deals', bundles, { colour: 'sand', kind: 'tee-boxy' })
  // The segment list: named groups, each with three banners.
  shop.addSegments(linenId, [
    {
      name: 'Linen Shirts',
      colour: 'sand',
      kind: 'shirt',
      members: ofLines(drafts, 'Kemeja Linen Oversize', 'Kemeja Kerah Cuban'),
    },
    {
      name: 'Relaxed Trousers',
      colour: 'sage',
      kind: 'culottes',
      members: ofLines(drafts, 'Celana Kulot Linen', 'Celana Chino Slim'),
    },
    {
      name: 'Summer Dresses',
      colour: 'terracotta',
      kind: 'dress',
      members: ofLines(drafts, 'Dress Midi Linen', 'Dress Slip Satin'),
    },
  ])
}

function addPreppsMenus(shop: CatalogBuilder, section: Section): void {
  shop.addMenu(section, 'New Drop', 'new-drop', [
    ['Best Seller', 'best-seller'],
    ['The Linen Edit', 'linen-edit'],
  ])
  shop.addMenu(section, 'Clothing', '', [
    ['Tops', 'tops'],
    ['Bottoms', 'bottoms'],
    ['Dresses', 'dresses'],
    ['Outerwear', 'outerwear'],
  ])
  shop.addMenu(section, 'Accessories', 'accessories')
  shop.addMenu(section, 'Bundle Deals', 'bundle-deals')
  shop.addMenu(section, 'Pre-Order', 'preorder')
  shop.addMenu(section, 'Sale', 'sale')
}

/** The home carousels of the main shop (the sister brand's one comes last, from addKainaCarousel). */
function addPreppsSliders(shop: CatalogBuilder, section: Section, lists: Listings): void {
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'new-drop',
    'New Drop',
    [bannerUrl(1, 'sage', 'shirt', 'New Drop'), bannerUrl(2, 'sand', 'culottes', 'New Drop')],
    lists.newest,
  )
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'best-seller',
    'Best Seller',
    [bannerUrl(3, 'navy', 'jeans', 'Best Seller')],
    lists.best,
  )
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'linen-edit',
    'The Linen Edit',
    [bannerUrl(2, 'terracotta', 'dress', 'The Linen Edit'), bannerUrl(1, 'white', 'shirt', 'The Linen Edit')],
    [
      ...ofLines(lists.drafts, 'Kemeja Linen Oversize'),
      ...ofLines(lists.drafts, 'Celana Kulot Linen'),
      ...ofLines(lists.drafts, 'Dress Midi Linen'),
    ],
  )
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'sale',
    'Sale',
    [
      bannerUrl(1, 'maroon', 'shirt-short', 'Mid Year Sale'),
      bannerUrl(3, 'mustard', 'tee-boxy', 'Diskon Hingga 50'),
    ],
    lists.sale,
  )
}

/** A sister-brand carousel on the main home: Kaina's new drop, linked to brand 5's category. */
export function addKainaCarousel(shop: CatalogBuilder, main: BrandSpec, kaina: Draft[]): void {
  const kainaNew = [...kaina].sort((a, b) => a.rank - b.rank)
  shop.addSlider(
    { brand: main, isChild: false },
    5,
    'new-drop',
    'Kaina New Drop',
    [bannerUrl(2, 'rose', 'dress', 'Kaina New Drop')],
    kainaNew,
  )
}

/** The junior section: its own drafts, states, categories, menus and carousels under brand 9. */
export function buildPreppsJr(shop: CatalogBuilder, brand: BrandSpec, now: Date): Draft[] {
  const section = { brand, isChild: true }
  const jr = draftsFor(brand, PREPPS_JR_LINES, true, 'PJR', 101)
  assignStates(
    jr,
    { soon: 1, sold: 1, preorder: 0, sale: 3, range: 0, partial: 2, flash: 0 },
    new Random('prepps-jr/states'),
    now,
  )
  const jrNew = rankByNewness(jr, 'prepps-jr/new')
  shop.addCategory(section, 'jr-new-drop', 'New Drop', jrNew)
  shop.addCategory(section, 'jr-boys', 'Boys', ofKinds(jr, 'kids-tee', 'kids-shorts', 'kids-hoodie'), {
    colour: 'sky',
    kind: 'kids-tee',
  })
  shop.addCategory(section, 'jr-girls', 'Girls', ofKinds(jr, 'kids-dress', 'kids-tee', 'kids-hoodie'), {
    colour: 'rose',
    kind: 'kids-dress',
  })
  shop.addCategory(section, 'jr-accessories', 'Accessories', ofKinds(jr, 'bucket'), {
    colour: 'mustard',
    kind: 'bucket',
  })
  shop.addCategory(
    section,
    'jr-sale',
    'Sale',
    jr.filter((d) => d.states.has('sale')),
  )
  shop.addMenu(section, 'New Drop', 'jr-new-drop')
  shop.addMenu(section, 'Shop', '', [
    ['Boys', 'jr-boys'],
    ['Girls', 'jr-girls'],
    ['Accessories', 'jr-accessories'],
  ])
  shop.addMenu(section, 'Sale', 'jr-sale')
  addPreppsJrSliders(shop, section, jrNew, jr)
  return jr
}

function addPreppsJrSliders(shop: CatalogBuilder, section: Section, jrNew: Draft[], jr: Draft[]): void {
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'jr-new-drop',
    'New Drop',
    [
      bannerUrl(1, 'mustard', 'kids-tee', 'Prepps Jr New Drop'),
      bannerUrl(2, 'sky', 'kids-hoodie', 'Siap Sekolah'),
    ],
    jrNew,
  )
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'jr-girls',
    'Girls',
    [bannerUrl(3, 'rose', 'kids-dress', 'Little Dresses')],
    ofKinds(jr, 'kids-dress', 'kids-tee'),
  )
  shop.addSlider(
    section,
    MAIN_BRAND_ID,
    'jr-boys',
    'Boys',
    [bannerUrl(1, 'sky', 'kids-shorts', 'Play Day')],
    ofKinds(jr, 'kids-tee', 'kids-shorts', 'kids-hoodie'),
  )
}

function ofKinds(drafts: Draft[], ...kinds: GarmentKind[]): Draft[] {
  return drafts.filter((d) => kinds.includes(d.kind))
}
