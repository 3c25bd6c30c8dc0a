/**
 * Product drafts: every garment of the demo catalog before it becomes rows, with the display states
 * (sale, coming soon, sold out, …) spread over them by seeded random streams.
 */
import { shopMidnight } from '@busana/contract/schemas'
import { COLOURS, type ColourName, type GarmentKind, type Pattern } from '../art/index.ts'
import { SIZES, type BrandSpec, type Line } from './catalog-data.ts'
import { Random } from './random.ts'

/** The main brand: Prepps, with the junior line Prepps Jr. */
export const MAIN_BRAND_ID = 9

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** Midnight in Jakarta (UTC+7) of the day `now` falls on, plus `days` days and `hours` hours. */
function wibTime(now: Date, days: number, hours: number): Date {
  return new Date(shopMidnight(now) + days * DAY + hours * HOUR)
}

export type State = 'sale' | 'soon' | 'sold' | 'preorder' | 'range' | 'partial'

interface Variant {
  ukuran: string
  price: number
  stock: number
}

export interface Draft {
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
export function group(kind: GarmentKind): 'tops' | 'bottoms' | 'dresses' | 'outerwear' | 'bags' | 'hats' {
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

export const GROUP_TITLES = {
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

/** One draft per colour of each line, numbered `{prefix}-{first}` onwards. */
export function draftsFor(
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
        video: brand.id === MAIN_BRAND_ID && !isChild ? (VIDEOS[`${line.kind}/${colour}`] ?? null) : null,
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

export interface Quotas {
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
export function assignStates(drafts: Draft[], q: Quotas, rng: Random, now: Date): void {
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

/** A bundle product: one size, a set price, its slots filled in later. */
export function bundleDraft(
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

/** A section's drafts with the orders its listings use. */
export interface Listings {
  drafts: Draft[]
  newest: Draft[]
  best: Draft[]
  sale: Draft[]
}

/** Newest first: coming-soon drops lead, the rest in a seeded order. Sets each draft's rank. */
export function rankByNewness(drafts: Draft[], seed: string): Draft[] {
  const order = new Random(seed).shuffle(drafts)
  order.sort((a, b) => Number(b.states.has('soon')) - Number(a.states.has('soon')))
  order.forEach((d, i) => (d.rank = i))
  return order
}

/** Most sold first; coming-soon drops have sold nothing and are left out. */
export function bestSellers(drafts: Draft[]): Draft[] {
  return drafts
    .filter((d) => !d.states.has('soon'))
    .sort((a, b) => b.soldQty - a.soldQty || a.code.localeCompare(b.code))
}

/** The drafts of the named product lines (their Indonesian names). */
export function ofLines(drafts: Draft[], ...names: string[]): Draft[] {
  return drafts.filter((d) => names.includes(d.line.id))
}

/** The drafts whose garments fall in the given groups. */
export function ofGroups(drafts: Draft[], ...groups: string[]): Draft[] {
  return drafts.filter((d) => groups.includes(group(d.kind)))
}
