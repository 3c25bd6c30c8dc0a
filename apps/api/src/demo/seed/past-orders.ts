import { randomUUID } from 'node:crypto'
import { and, asc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  CHECKOUT_WAREHOUSE_ID,
  orderTotal,
  paymentFee,
  shippingFare,
  shopClock,
  shopMidnight,
  voucherDiscount,
  type VoucherTerms,
} from '@busana/contract'
import type { Db } from '../../db/client.ts'
import {
  courierServices,
  customers,
  orderEvents,
  paymentMethods,
  productMedia,
  productReviews,
  products,
  salesHeaders,
  salesLines,
  shippingRates,
  shippingZoneAreas,
  shippingZones,
  variants,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/index.ts'
import { Random } from './random.ts'
import { sellableStockOf, takeStock } from '../../domains/inventory/index.ts'
import { sizeNameOf } from '../../domains/catalog/index.ts'

/**
 * Issue 30: a few months of past orders, so the back office's sales overview is alive on the first
 * start of the demo. About 120 days of orders before the moment of seeding, on the shop's clock (WIB),
 * by 40 demo buyers across the six brands: more in the evening, at weekends, around payday (the
 * 25th to the 2nd) and on the twin-date sales (9.9, 10.10, 11.11), growing slowly. Mostly delivered
 * (Success, with their reviews opened and some published), the last days' parcels on the way
 * (Delivery), 3 to 6 paid and waiting to ship (Paid, holding their units: the sellable stock is
 * lowered by inventory's takeStock as at checkout, stock_levels.on_hand is left as it is, decision
 * 038), unpaid ones expired
 * (Cancel) and two cancelled by staff after payment (one refund due, one refunded). No Open order:
 * the expiry job and the one-open-order-per-customer index would make them awkward.
 *
 * Amounts follow the checkout rules of the contract (fare per started kilogram, the courier's packing
 * fee, the payment method's fee on what is paid before it, the voucher's discount, decision 018/019);
 * courier, payment method and voucher are copied from their seeded rows as checkout copies them.
 * Deterministic: the same PRNG seed gives the same orders relative to `now`. Inserted in multi-row
 * batches (well under a second on PGlite). Seeded once: a database holding the first demo buyer is
 * left alone. Products the journeys name are left out (their stock, reviews and ratings are theirs).
 */

const DAY = 86_400_000
const HOUR = 3_600_000
const MINUTE = 60_000
/** How far back the orders go. */
export const PAST_ORDER_DAYS = 120
/** The member of staff who ships and cancels in the demo (order_events.actor). */
export const DEMO_STAFF_ACTOR = 'staff:demo@busana.local'

/** Products the journeys and tests assert on (stock, ratings, reviews): never in a past order. */
const LEFT_OUT = new Set([
  'PRP-1001',
  'PRP-1002',
  'PRP-1003',
  'PRP-1014',
  'PRP-1020',
  'PRP-1022',
  'PRP-1026',
  'PRP-1028',
  'PRP-1060',
  'PRP-1081',
  'KAI-1010',
])

/** How the demo's orders fall over the brands (id → weight): the main brand sells most. */
const BRAND_WEIGHTS: [number, number][] = [
  [9, 36],
  [5, 18],
  [14, 12],
  [18, 14],
  [13, 10],
  [17, 10],
]

/** Orders by hour of the day (WIB): quiet at night, a lunch bump, the evening peak. */
const HOUR_WEIGHTS = [
  0.35, 0.15, 0.08, 0.05, 0.05, 0.15, 0.4, 0.7, 0.9, 1, 1.1, 1.2, 1.5, 1.3, 1.1, 1.1, 1.2, 1.3, 1.6, 2.2, 2.6,
  2.5, 1.8, 0.9,
]

/** Courier service code → weight (services a zone lacks fall back to JNE REG). */
const COURIER_WEIGHTS: [string, number][] = [
  ['jne:reg', 34],
  ['jnt:ez', 20],
  ['sicepat:reg', 18],
  ['anteraja:reg', 12],
  ['jne:yes', 9],
  ['sicepat:best', 7],
]

/** Payment category → weight: virtual accounts, e-wallets, QRIS. */
const CATEGORY_WEIGHTS: [string, number][] = [
  ['VIRTUAL-ACCOUNT', 45],
  ['E-WALLET', 35],
  ['QRIS', 20],
]

const FIRST_NAMES = [
  'Ayu',
  'Putri',
  'Dewi',
  'Rina',
  'Siti',
  'Nadia',
  'Intan',
  'Maya',
  'Fitri',
  'Anisa',
  'Lestari',
  'Wulan',
  'Kartika',
  'Ratna',
  'Sekar',
  'Dian',
  'Mega',
  'Citra',
  'Indah',
  'Yuni',
  'Bagus',
  'Andi',
  'Rizky',
  'Fajar',
  'Dimas',
  'Arif',
  'Hendra',
  'Yoga',
  'Agus',
  'Bima',
  'Reza',
  'Adit',
  'Galih',
  'Teguh',
  'Wahyu',
  'Ilham',
  'Rangga',
  'Bayu',
  'Eko',
  'Joko',
]
const LAST_NAMES = [
  'Pratiwi',
  'Saputra',
  'Wijaya',
  'Kusuma',
  'Hidayat',
  'Permata',
  'Nugroho',
  'Santoso',
  'Siregar',
  'Lubis',
  'Setiawan',
  'Rahmawati',
  'Hasanah',
  'Susanto',
  'Purnomo',
  'Halim',
  'Nasution',
  'Gunawan',
  'Utami',
  'Wibowo',
  'Anggraini',
  'Maharani',
  'Prasetyo',
  'Firmansyah',
]
const STREETS = [
  'Jl. Melati',
  'Jl. Kenanga',
  'Jl. Cempaka Putih',
  'Jl. Flamboyan',
  'Jl. Anggrek',
  'Jl. Mawar',
  'Jl. Dahlia',
  'Jl. Merpati',
  'Jl. Rajawali',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Gatot Subroto',
]

/** Destinations from the regions data (geografis): district code, village id, names, postal code. */
const DESTINATIONS: {
  district: string
  village: string
  villageName: string
  districtName: string
  city: string
  province: string
  postal: string
  weight: number
}[] = [
  {
    district: '31.71.01',
    village: '31.71.01.1001',
    villageName: 'Gambir',
    districtName: 'Gambir',
    city: 'Kota Administrasi Jakarta Pusat',
    province: 'DKI Jakarta',
    postal: '10110',
    weight: 4,
  },
  {
    district: '31.74.04',
    village: '31.74.04.1001',
    villageName: 'Pasar Minggu',
    districtName: 'Pasar Minggu',
    city: 'Kota Administrasi Jakarta Selatan',
    province: 'DKI Jakarta',
    postal: '12520',
    weight: 8,
  },
  {
    district: '31.73.05',
    village: '31.73.05.1001',
    villageName: 'Kebon Jeruk',
    districtName: 'Kebon Jeruk',
    city: 'Kota Administrasi Jakarta Barat',
    province: 'DKI Jakarta',
    postal: '11530',
    weight: 6,
  },
  {
    district: '32.76.01',
    village: '32.76.01.1006',
    villageName: 'Depok',
    districtName: 'Pancoran Mas',
    city: 'Kota Depok',
    province: 'Jawa Barat',
    postal: '16431',
    weight: 5,
  },
  {
    district: '32.75.01',
    village: '32.75.01.1001',
    villageName: 'Bekasijaya',
    districtName: 'Bekasi Timur',
    city: 'Kota Bekasi',
    province: 'Jawa Barat',
    postal: '17112',
    weight: 5,
  },
  {
    district: '36.71.01',
    village: '36.71.01.1001',
    villageName: 'Sukarasa',
    districtName: 'Tangerang',
    city: 'Kota Tangerang',
    province: 'Banten',
    postal: '15111',
    weight: 4,
  },
  {
    district: '32.73.07',
    village: '32.73.07.1001',
    villageName: 'Pasteur',
    districtName: 'Sukajadi',
    city: 'Kota Bandung',
    province: 'Jawa Barat',
    postal: '40161',
    weight: 5,
  },
  {
    district: '33.74.01',
    village: '33.74.01.1001',
    villageName: 'Miroto',
    districtName: 'Semarang Tengah',
    city: 'Kota Semarang',
    province: 'Jawa Tengah',
    postal: '50134',
    weight: 3,
  },
  {
    district: '34.71.03',
    village: '34.71.03.1001',
    villageName: 'Demangan',
    districtName: 'Gondokusuman',
    city: 'Kota Yogyakarta',
    province: 'Daerah Istimewa Yogyakarta',
    postal: '55221',
    weight: 3,
  },
  {
    district: '35.78.08',
    village: '35.78.08.1001',
    villageName: 'Gubeng',
    districtName: 'Gubeng',
    city: 'Kota Surabaya',
    province: 'Jawa Timur',
    postal: '60281',
    weight: 4,
  },
  {
    district: '51.71.01',
    village: '51.71.01.1001',
    villageName: 'Serangan',
    districtName: 'Denpasar Selatan',
    city: 'Kota Denpasar',
    province: 'Bali',
    postal: '80229',
    weight: 2,
  },
  {
    district: '12.71.01',
    village: '12.71.01.1001',
    villageName: 'Pasar Baru',
    districtName: 'Medan Kota',
    city: 'Kota Medan',
    province: 'Sumatera Utara',
    postal: '20212',
    weight: 2,
  },
  {
    district: '73.71.01',
    village: '73.71.01.1001',
    villageName: 'Bontorannu',
    districtName: 'Mariso',
    city: 'Kota Makassar',
    province: 'Sulawesi Selatan',
    postal: '90126',
    weight: 1,
  },
  {
    district: '64.71.01',
    village: '64.71.01.1001',
    villageName: 'Manggar',
    districtName: 'Balikpapan Timur',
    city: 'Kota Balikpapan',
    province: 'Kalimantan Timur',
    postal: '76116',
    weight: 1,
  },
]

/** Review words by rating, [Indonesian, English]. */
const REVIEW_TEXTS: Record<3 | 4 | 5, [string, string][]> = {
  5: [
    ['Bahannya adem, jahitannya rapi. Suka banget!', 'Cool fabric and neat stitching. Love it!'],
    [
      'Ukuran pas sesuai size chart, warna sama dengan foto.',
      'True to the size chart, colour as in the photos.',
    ],
    ['Pengiriman cepat, packing rapi. Pasti order lagi.', 'Fast delivery, neatly packed. Will order again.'],
    ['Sudah dicuci beberapa kali, tetap bagus.', 'Washed a few times and still looks new.'],
    ['Nyaman dipakai seharian ke kantor.', 'Comfortable for a full day at the office.'],
  ],
  4: [
    ['Bagus, cuma sedikit kebesaran di bahu.', 'Good, just a little wide in the shoulders.'],
    ['Kualitas oke untuk harganya.', 'Good quality for the price.'],
    [
      'Warnanya sedikit lebih gelap dari foto, tapi tetap cantik.',
      'A shade darker than the photo, still pretty.',
    ],
    ['Bahan lembut, pengiriman agak lama.', 'Soft fabric, delivery took a bit long.'],
  ],
  3: [
    ['Lumayan, bahannya lebih tipis dari perkiraan.', 'Fine, but the fabric is thinner than I expected.'],
    ['Ukurannya agak kecil, sebaiknya naik satu size.', 'Runs small, size up.'],
  ],
}

/** Seeded vouchers the past orders use (made when missing): valid over the whole period. */
const PAST_VOUCHERS = [
  {
    code: 'GAJIAN25K',
    name: 'Gajian Diskon 25K',
    type: 'FIXED' as const,
    value: 25_000,
    maxDiscount: null,
    minPurchase: 200_000,
  },
  {
    code: 'SETIA10',
    name: 'Pelanggan Setia 10%',
    type: 'PERCENTAGE' as const,
    value: 10,
    maxDiscount: 40_000,
    minPurchase: 150_000,
  },
]

/** The e-mail of demo buyer n (1-based): the first one marks the seed as done. */
export const pastOrderBuyerEmail = (first: string, last: string, n: number) =>
  `${first.toLowerCase()}.${last.toLowerCase()}${n}@example.com`

type Status = 'Paid' | 'Delivery' | 'Success' | 'Cancel'
type HeaderRow = typeof salesHeaders.$inferInsert
type EventRow = typeof orderEvents.$inferInsert

interface Choice {
  sku: string
  code: string
  name: string
  ukuran: string
  brand: number
  price: number
  grams: number
  image: string
}

interface Plan {
  header: HeaderRow
  lines: (Choice & { qty: number })[]
  events: Omit<EventRow, 'idSalesHeader'>[]
  customer: number
  voucherId: number | null
}

export interface PastOrdersResult {
  customers: number
  orders: number
  byStatus: Record<Status, number>
  lines: number
  reviews: number
  published: number
  held: number
}

function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0)
  let r = random.next() * total
  for (const [item, w] of items) {
    r -= w
    if (r < 0) return item
  }
  return items[items.length - 1]![0]
}

/** A Poisson draw (Knuth): the day's number of orders around its expected value. */
function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean)
  let k = 0
  let p = random.next()
  while (p > limit) {
    k++
    p *= random.next()
  }
  return k
}

/** Expected orders of the shop day starting at `midnight` (WIB), `age` days before seeding. */
function expectedOrders(midnight: number, age: number): number {
  const wall = shopClock(midnight)
  const weekday = wall.getUTCDay()
  const date = wall.getUTCDate()
  const month = wall.getUTCMonth() + 1
  let mean = 2.2 + (1.4 * (PAST_ORDER_DAYS - age)) / PAST_ORDER_DAYS
  if (weekday === 0 || weekday === 6) mean *= 1.35
  if (date >= 25 || date <= 2) mean *= 1.4
  if (date === month) mean *= 2.2
  return mean
}

/** The warehouse's daily dispatch (15:00-18:00 WIB, not on Sunday) that takes an order paid at `paid`. */
function dispatchAfter(random: Random, paid: number): number {
  let midnight = shopMidnight(paid)
  if (paid - midnight >= 13 * HOUR) midnight += DAY
  while (shopClock(midnight).getUTCDay() === 0) midnight += DAY
  return midnight + 15 * HOUR + random.int(0, 179) * MINUTE
}

/** What the seed needs of the catalogue and the checkout tables. */
async function loadShop(db: Db) {
  const catalog = await db
    .select({
      sku: variants.skuProduct,
      code: variants.productCode,
      ukuran: variants.ukuran,
      price: variants.sellingPrice,
      stock: sellableStockOf(variants.skuProduct),
      grams: variants.weightGrams,
      name: products.productName,
      brand: products.idBrand,
    })
    .from(variants)
    .innerJoin(products, eq(products.productCode, variants.productCode))
    .where(
      and(
        eq(products.isBundling, false),
        eq(products.countdown, false),
        ne(products.productLable, 'COMING-SOON'),
        eq(products.status, 'available'),
      ),
    )
    .orderBy(asc(variants.productCode), asc(variants.position))
  const images = await db
    .select({ code: productMedia.productCode, url: productMedia.url })
    .from(productMedia)
    .where(eq(productMedia.type, 'image'))
    .orderBy(asc(productMedia.productCode), asc(productMedia.position))
  const firstImage = new Map<string, string>()
  for (const image of images) if (!firstImage.has(image.code)) firstImage.set(image.code, image.url)
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.position))
  const services = await db
    .select()
    .from(courierServices)
    .where(eq(courierServices.active, true))
    .orderBy(asc(courierServices.position))
  const zones = await db.select().from(shippingZones)
  const areas = await db.select().from(shippingZoneAreas)
  const rates = await db.select().from(shippingRates)
  return { catalog, firstImage, methods, services, zones, areas, rates }
}

/**
 * Seeds the past orders (issue 30) unless the database has them already; answers what it wrote, or
 * null when it wrote nothing (already seeded, or no demo catalogue to sell from).
 */
export async function seedDemoPastOrders(db: Db, now = new Date()): Promise<PastOrdersResult | null> {
  const marker = pastOrderBuyerEmail(FIRST_NAMES[0]!, LAST_NAMES[0]!, 1)
  const [seeded] = await db
    .select({ id: customers.idPelanggan })
    .from(customers)
    .where(eq(customers.email, marker))
    .limit(1)
  if (seeded) return null
  const shop = await loadShop(db)
  const sellable = shop.catalog.filter((v) => !LEFT_OUT.has(v.code) && v.stock >= 3)
  if (sellable.length === 0 || shop.methods.length === 0 || shop.services.length === 0) return null

  const t = now.getTime()
  const random = new Random('busana-demo-past-orders-issue-30')
  const byBrand = new Map<number, Choice[]>()
  for (const v of sellable) {
    const list = byBrand.get(v.brand) ?? []
    list.push({
      sku: v.sku,
      code: v.code,
      name: v.name,
      ukuran: v.ukuran,
      brand: v.brand,
      price: v.price,
      grams: v.grams,
      image: shop.firstImage.get(v.code) ?? '',
    })
    byBrand.set(v.brand, list)
  }
  const brandWeights = BRAND_WEIGHTS.filter(([id]) => byBrand.has(id))
  if (brandWeights.length === 0)
    brandWeights.push(...[...byBrand.keys()].map((id) => [id, 1] as [number, number]))
  const stockLeft = new Map(sellable.map((v) => [v.sku, v.stock]))

  // The vouchers: made when missing, valid from before the first order for a year after seeding.
  await db
    .insert(vouchers)
    .values(
      PAST_VOUCHERS.map((v) => ({
        ...v,
        usageLimit: 2000,
        startsAt: new Date(shopMidnight(t - (PAST_ORDER_DAYS + 10) * DAY)),
        endsAt: new Date(t + 365 * DAY),
      })),
    )
    .onConflictDoNothing({ target: vouchers.code })
  // Only ones open over the whole period with room for the uses (a shop's own voucher of that code may not be).
  const firstDay = shopMidnight(t - PAST_ORDER_DAYS * DAY)
  const voucherRows = (
    await db
      .select()
      .from(vouchers)
      .where(
        inArray(
          vouchers.code,
          PAST_VOUCHERS.map((v) => v.code),
        ),
      )
      .orderBy(asc(vouchers.code))
  ).filter(
    (v) =>
      v.active &&
      (v.startsAt === null || v.startsAt.getTime() <= firstDay) &&
      (v.endsAt === null || v.endsAt.getTime() > t) &&
      (v.usageLimit === null || v.usageLimit - v.usedCount >= 200),
  )

  // The buyers: 40 verified members with no password (nobody signs in as them), phones 08127xxxxxxx.
  const buyers = Array.from({ length: 40 }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length]!
    const destination = weighted(
      random,
      DESTINATIONS.map((d) => [d, d.weight] as const),
    )
    return {
      nama: `${first} ${last}`,
      email: pastOrderBuyerEmail(first, last, i + 1),
      hp: `08127730${String(1000 + i * 37).padStart(4, '0')}`,
      language: random.next() < 0.72 ? 'id' : 'en',
      address: `${random.pick(STREETS)} No. ${random.int(1, 120)}, RT 0${random.int(1, 9)}/RW 0${random.int(1, 9)}`,
      destination,
      // A few buyers come back often, most now and then.
      weight: i < 6 ? 6 : i < 16 ? 3 : 1,
      joined: new Date(t - (PAST_ORDER_DAYS + random.int(5, 300)) * DAY),
    }
  })

  const zoneOf = (district: string) => {
    const city = district.slice(0, 5)
    if (city === '31.71' && shop.zones.some((z) => z.id === 'LOCAL')) return 'LOCAL'
    const area =
      shop.areas.find((a) => a.areaId === city) ?? shop.areas.find((a) => a.areaId === district.slice(0, 2))
    return area?.zoneId ?? null
  }
  const pricePerKg = (zone: string | null, serviceId: number) =>
    zone === null
      ? undefined
      : shop.rates.find((r) => r.zoneId === zone && r.serviceId === serviceId)?.pricePerKg

  const plans: Plan[] = []
  const usedVoucher = new Set<string>()
  let sequence = 0

  /** Plans one order placed at `placed` by buyer `b`; its status follows from the clock. */
  const plan = (placed: number, b: number, kind: 'normal' | 'expire' | 'paid'): Plan | null => {
    const buyer = buyers[b]!
    // The courier and the way to pay first: with the clock they decide the order's status.
    const zone = zoneOf(buyer.destination.district)
    const wantedService = weighted(random, COURIER_WEIGHTS)
    let service = shop.services.find((s) => s.code === wantedService)
    if (!service || pricePerKg(zone, service.id) === undefined) {
      service = shop.services.find((s) => pricePerKg(zone, s.id) !== undefined)
    }
    const perKg = service ? pricePerKg(zone, service.id) : undefined
    if (!service || perKg === undefined) return null
    const zoneDays = shop.zones.find((z) => z.id === zone)?.extraDays ?? 0
    const category = weighted(random, CATEGORY_WEIGHTS)
    const ofCategory = shop.methods.filter((m) => m.category === category)
    const method = random.pick(ofCategory.length > 0 ? ofCategory : shop.methods)

    const expires = placed + method.expiryMinutes * MINUTE
    // Paid within the method's window (a QRIS code lives minutes, a virtual account a day).
    const payDelay = Math.min(
      method.expiryMinutes - 1,
      kind === 'paid'
        ? random.int(2, 30)
        : method.category === 'VIRTUAL-ACCOUNT'
          ? random.int(8, 240)
          : random.int(1, 25),
    )
    const paid = placed + payDelay * MINUTE
    const shipped = dispatchAfter(random, paid)
    const etdMin = service.etdMin + zoneDays
    const etdMax = service.etdMax + zoneDays
    const deliveredDay = shopMidnight(shipped) + random.int(etdMin, etdMax + 1) * DAY
    const delivered = Math.max(shipped + 6 * HOUR, deliveredDay + random.int(9 * 60, 19 * 60) * MINUTE)
    let status: Status
    if (kind === 'expire') {
      if (expires > t) return null
      status = 'Cancel'
    } else if (paid > t) return null
    else if (kind === 'paid' || shipped > t) status = 'Paid'
    else if (delivered > t) status = 'Delivery'
    else status = 'Success'

    // 1 to 3 lines, mostly of one brand; a paid order holds its units, so only from stock left.
    const brand = weighted(random, brandWeights)
    const lineCount = weighted(random, [
      [1, 68],
      [2, 24],
      [3, 8],
    ] as const)
    const lines: Plan['lines'] = []
    for (let i = 0; i < lineCount; i++) {
      const from = i === 0 || random.next() < 0.7 ? brand : weighted(random, brandWeights)
      const choice = random.pick(byBrand.get(from)!)
      const qty = random.next() < 0.86 ? 1 : 2
      if (lines.some((l) => l.code === choice.code)) continue
      if (status === 'Paid' && (stockLeft.get(choice.sku) ?? 0) < qty + 1) continue
      lines.push({ ...choice, qty })
    }
    if (lines.length === 0) return null
    if (status === 'Paid') {
      for (const l of lines) stockLeft.set(l.sku, stockLeft.get(l.sku)! - l.qty)
    }

    const grams = lines.reduce((sum, l) => sum + l.grams * l.qty, 0)
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.qty, 0)
    const delivery = shippingFare(perKg, grams)
    const packing = service.packingFee
    // Some use a voucher, each buyer each voucher once; an expired order's use went back to it.
    let voucher: (typeof voucherRows)[number] | undefined
    if (kind === 'normal' && random.next() < 0.16) {
      const candidate = random.pick(voucherRows)
      if (candidate && subtotal >= candidate.minPurchase && !usedVoucher.has(`${candidate.id}:${b}`)) {
        voucher = candidate
        usedVoucher.add(`${candidate.id}:${b}`)
      }
    }
    const promo = voucher
      ? voucherDiscount(
          {
            type: voucher.type as VoucherTerms['type'],
            value: voucher.value,
            max_discount: voucher.maxDiscount,
            min_purchase: voucher.minPurchase,
          },
          subtotal,
          delivery,
        )
      : 0
    const beforeFee = Math.max(0, subtotal + delivery + packing - promo)
    const fee = paymentFee({ fee_flat: method.feeFlat, fee_percent_bp: method.feePercentBp }, beforeFee)
    const total = orderTotal({ subtotal, delivery, packing, payment_fee: fee, promo })

    sequence++
    const courier = service.code.split(':')[0]!
    const waybill =
      courier === 'jne'
        ? `CGK${String(sequence).padStart(4, '0')}${random.int(100000, 999999)}`
        : courier === 'jnt'
          ? `JP${random.int(1000, 9999)}${String(sequence).padStart(4, '0')}${random.int(10, 99)}`
          : courier === 'sicepat'
            ? `0040${String(sequence).padStart(4, '0')}${random.int(100000, 999999)}`
            : `1100${String(sequence).padStart(4, '0')}${random.int(10000, 99999)}`
    const day = shopClock(placed).toISOString().slice(2, 10).replaceAll('-', '')
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
    let tail = ''
    for (let i = 0; i < 8; i++) tail += alphabet[random.int(0, alphabet.length - 1)]
    const d = buyer.destination
    const header: HeaderRow = {
      idSalesHeader: randomUUID(),
      salesOrderNumber: `BSN-${day}-${tail}`,
      idPelanggan: 0,
      language: buyer.language,
      status,
      idBrand: lines[0]!.brand,
      idWarehouse: CHECKOUT_WAREHOUSE_ID,
      buyerName: buyer.nama,
      buyerEmail: buyer.email,
      buyerPhone: buyer.hp,
      subtotal,
      biayaKirim: delivery,
      packingFee: packing,
      paymentFee: fee,
      promoValue: promo,
      totalBayar: total,
      idDeliveryMethod: service.id,
      paket: `${service.provider} ${service.name}`,
      courierCode: service.code,
      etdMin,
      etdMax,
      weightGrams: grams,
      penerima: buyer.nama,
      hpPenerima: buyer.hp,
      alamatLengkap: buyer.address,
      destinationCode: d.district,
      idAddressVillage: d.village,
      subdistrict: d.villageName,
      district: d.districtName,
      city: d.city,
      province: d.province,
      kodePos: d.postal,
      idPayment: method.id,
      paymentName: method.name,
      paymentCode: method.code,
      paymentCategory: method.category,
      paymentLogo: method.logo,
      idPromo: voucher?.id ?? null,
      kodePromo: voucher?.code ?? null,
      orderDate: new Date(placed),
      expiredTime: new Date(expires),
      updatedAt: new Date(placed),
    }
    const events: Plan['events'] = [
      { fromStatus: null, toStatus: 'Open', actor: 'customer', at: new Date(placed) },
    ]
    if (status === 'Cancel') {
      header.cancelledAt = new Date(expires)
      header.updatedAt = new Date(expires)
      events.push({
        fromStatus: 'Open',
        toStatus: 'Cancel',
        actor: 'system',
        note: 'transaction_status expire',
        at: new Date(expires),
      })
    } else {
      header.paidAt = new Date(paid)
      header.updatedAt = new Date(paid)
      events.push({
        fromStatus: 'Open',
        toStatus: 'Paid',
        actor: 'payment',
        note: 'transaction_status settlement',
        at: new Date(paid),
      })
    }
    if (status === 'Delivery' || status === 'Success') {
      Object.assign(header, {
        noResi: waybill,
        shippedCourier: courier,
        shippedAt: new Date(shipped),
        updatedAt: new Date(shipped),
      })
      events.push({
        fromStatus: 'Paid',
        toStatus: 'Delivery',
        actor: DEMO_STAFF_ACTOR,
        note: `${courier.toUpperCase()} ${waybill}`,
        at: new Date(shipped),
      })
    }
    if (status === 'Success') {
      header.deliveredAt = new Date(delivered)
      header.updatedAt = new Date(delivered)
      events.push({
        fromStatus: 'Delivery',
        toStatus: 'Success',
        actor: 'courier',
        note: 'reported by the courier',
        at: new Date(delivered),
      })
    }
    return {
      header,
      lines,
      events,
      customer: b,
      voucherId: voucher?.id ?? null,
    }
  }

  const buyerWeights = buyers.map((buyer, i) => [i, buyer.weight] as const)
  const today = shopMidnight(t)
  for (let age = PAST_ORDER_DAYS; age >= 0; age--) {
    const midnight = today - age * DAY
    const count = poisson(random, expectedOrders(midnight, age))
    for (let i = 0; i < count; i++) {
      const placed =
        midnight +
        weighted(
          random,
          HOUR_WEIGHTS.map((w, h) => [h, w] as const),
        ) *
          HOUR +
        random.int(0, 3599) * 1000
      if (placed >= t - 10 * MINUTE) continue
      const expired = random.next() < 0.09
      const made = plan(placed, weighted(random, buyerWeights), expired ? 'expire' : 'normal')
      if (made) plans.push(made)
    }
  }

  // 3 to 6 paid orders wait to ship (a few hours to 2 days old): extras are left out, missing ones added.
  const wanted = random.int(3, 6)
  let waiting = plans.filter((p) => p.header.status === 'Paid')
  // The youngest go first: the ones kept were paid hours ago, not minutes.
  waiting.sort((a, b) => b.header.paidAt!.getTime() - a.header.paidAt!.getTime())
  for (const extra of waiting.slice(0, Math.max(0, waiting.length - wanted))) {
    plans.splice(plans.indexOf(extra), 1)
    for (const l of extra.lines) stockLeft.set(l.sku, stockLeft.get(l.sku)! + l.qty)
    if (extra.voucherId !== null) usedVoucher.delete(`${extra.voucherId}:${extra.customer}`)
  }
  for (
    let tries = 0;
    tries < 30 && plans.filter((p) => p.header.status === 'Paid').length < wanted;
    tries++
  ) {
    const placed = t - random.int(3, 44) * HOUR - random.int(0, 59) * MINUTE
    const made = plan(placed, weighted(random, buyerWeights), 'paid')
    if (made) plans.push(made)
  }
  waiting = plans.filter((p) => p.header.status === 'Paid')

  // Two cancelled by staff after payment: one long ago and refunded, one recent with the refund due.
  const cancelAfterPayment = (p: Plan | undefined, state: 'refunded' | 'due') => {
    if (!p) return
    const paid = p.header.paidAt!.getTime()
    const cancelled = Math.min(paid + random.int(2, 20) * HOUR, t - HOUR)
    Object.assign(p.header, {
      status: 'Cancel',
      noResi: null,
      shippedCourier: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: new Date(cancelled),
      updatedAt: new Date(cancelled),
      refundAmount: p.header.totalBayar,
      refundState: state,
    })
    p.events = p.events.slice(0, 2)
    p.events.push({
      fromStatus: 'Paid',
      toStatus: 'Cancel',
      actor: DEMO_STAFF_ACTOR,
      note: p.header.language === 'id' ? 'Stok habis di gudang' : 'Out of stock in the warehouse',
      at: new Date(cancelled),
    })
  }
  const noVoucher = (p: Plan) => p.voucherId === null && p.header.status === 'Success'
  cancelAfterPayment(
    plans.find((p) => noVoucher(p) && p.header.orderDate!.getTime() < t - 45 * DAY),
    'refunded',
  )
  cancelAfterPayment(
    [...plans].reverse().find((p) => noVoucher(p) && p.header.orderDate!.getTime() < t - 3 * DAY),
    'due',
  )

  plans.sort((a, b) => a.header.orderDate!.getTime() - b.header.orderDate!.getTime())

  const result = await db.transaction(async (tx) => {
    // Buyers, then their ids by e-mail.
    const inserted = await tx
      .insert(customers)
      .values(
        buyers.map((b) => ({
          nama: b.nama,
          email: b.email,
          hp: b.hp,
          isVerified: true,
          createdAt: b.joined,
          updatedAt: b.joined,
        })),
      )
      .returning({ id: customers.idPelanggan, email: customers.email })
    const idOf = new Map(inserted.map((row) => [row.email, row.id]))
    for (const p of plans) p.header.idPelanggan = idOf.get(buyers[p.customer]!.email)!

    await insertRows(
      tx,
      salesHeaders,
      plans.map((p) => p.header),
    )
    const lineRows = plans.flatMap((p) =>
      p.lines.map((l, position) => ({
        idSalesHeader: p.header.idSalesHeader,
        position,
        productCode: l.code,
        skuProduct: l.sku,
        productMasterName: l.name,
        ukuran: l.ukuran,
        idBrand: l.brand,
        quantity: l.qty,
        hargaJual: l.price,
        urlImage: l.image,
      })),
    )
    const lineIds = new Map<string, number>()
    const insertedLines = await insertRows(tx, salesLines, lineRows, sql`id, id_sales_header, position`)
    for (const row of insertedLines as { id: number; id_sales_header: string; position: number }[]) {
      lineIds.set(`${row.id_sales_header}:${row.position}`, row.id)
    }
    const eventRows = plans.flatMap((p) =>
      p.events.map((e) => ({ ...e, idSalesHeader: p.header.idSalesHeader })),
    )
    await insertRows(tx, orderEvents, eventRows)

    // Voucher uses: one redemption per order that kept its voucher, counted on the voucher.
    const redemptions = plans
      .filter((p) => p.voucherId !== null && p.header.status !== 'Cancel')
      .map((p) => ({
        voucherId: p.voucherId!,
        idPelanggan: p.header.idPelanggan,
        idSalesHeader: p.header.idSalesHeader,
        createdAt: p.header.orderDate!,
      }))
    if (redemptions.length > 0) {
      await tx.insert(voucherRedemptions).values(redemptions)
      for (const v of voucherRows) {
        const uses = redemptions.filter((r) => r.voucherId === v.id).length
        if (uses > 0) {
          await tx
            .update(vouchers)
            .set({ usedCount: sql`${vouchers.usedCount} + ${uses}` })
            .where(eq(vouchers.id, v.id))
        }
      }
    }

    // Reviews: every delivered line waits for one (as the move to Success opens them); some are
    // written, a couple of them today when the shop's day has begun long enough ago.
    const reviewRows: (typeof productReviews.$inferInsert)[] = []
    for (const p of plans) {
      if (p.header.status !== 'Success') continue
      const delivered = p.header.deliveredAt!.getTime()
      p.lines.forEach((l, position) => {
        const row: typeof productReviews.$inferInsert = {
          idSalesLine: lineIds.get(`${p.header.idSalesHeader}:${position}`)!,
          idSalesHeader: p.header.idSalesHeader,
          idPelanggan: p.header.idPelanggan,
          productCode: l.code,
          status: 'OPEN',
          openedAt: new Date(delivered),
        }
        const reviewedAt = delivered + random.int(3, 6 * 24) * HOUR
        if (random.next() < 0.42 && reviewedAt < t - 30 * MINUTE) {
          writeReview(random, row, p.header.language === 'en', reviewedAt)
        }
        reviewRows.push(row)
      })
    }
    const sinceMidnight = t - today
    if (sinceMidnight > 2 * HOUR) {
      const open = reviewRows.filter((r) => r.status === 'OPEN' && r.openedAt!.getTime() < today).slice(-2)
      for (const row of open) {
        const language = plans.find((p) => p.header.idSalesHeader === row.idSalesHeader)?.header.language
        writeReview(
          random,
          row,
          language === 'en',
          today + random.int(60, Math.floor(sinceMidnight / MINUTE) - 30) * MINUTE,
        )
      }
    }
    await insertRows(tx, productReviews, reviewRows)

    // Units held by the paid orders leave the sellable count as a checkout takes them (inventory's
    // takeStock); on_hand still counts them (decision 038).
    const held = new Map<string, number>()
    for (const p of waiting) for (const l of p.lines) held.set(l.sku, (held.get(l.sku) ?? 0) + l.qty)
    if (held.size > 0) await takeStock(tx, held, sizeNameOf)

    const byStatus: Record<Status, number> = { Paid: 0, Delivery: 0, Success: 0, Cancel: 0 }
    for (const p of plans) byStatus[p.header.status as Status]++
    return {
      customers: buyers.length,
      orders: plans.length,
      byStatus,
      lines: lineRows.length,
      reviews: reviewRows.length,
      published: reviewRows.filter((r) => r.status === 'PUBLISHED').length,
      held: [...held.values()].reduce((a, b) => a + b, 0),
    }
  })
  return result
}

/** Publishes a review row: a rating of 3 to 5 with words in the order's language. */
function writeReview(random: Random, row: typeof productReviews.$inferInsert, english: boolean, at: number) {
  const rating = weighted(random, [
    [5, 55],
    [4, 33],
    [3, 12],
  ] as const)
  const [id, en] = random.pick(REVIEW_TEXTS[rating])
  row.status = 'PUBLISHED'
  row.rating = rating
  row.review = english ? en : id
  row.reviewedAt = new Date(at)
}

/**
 * One INSERT of many rows as a single JSON parameter (json_populate_recordset): on PGlite this is
 * several times faster than thousands of bound parameters, and has no parameter limit. Columns a
 * row set leaves out keep their defaults. Answers the `returning` columns' rows when asked.
 */
async function insertRows<T extends PgTable>(
  tx: Db,
  table: T,
  values: T['$inferInsert'][],
  returning?: SQL,
): Promise<Record<string, unknown>[]> {
  if (values.length === 0) return []
  const columns = getTableColumns(table) as Record<string, { name: string }>
  const keys = [...new Set(values.flatMap((row) => Object.keys(row)))].filter((key) => key in columns)
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  )
  const data = values.map((row) =>
    Object.fromEntries(
      keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key] ?? null]),
    ),
  )
  const result = await tx.execute(sql`
    insert into ${table} (${names})
    select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(data)}::json)
    ${returning ? sql`returning ${returning}` : sql``}`)
  return (result as unknown as { rows: Record<string, unknown>[] }).rows
}
