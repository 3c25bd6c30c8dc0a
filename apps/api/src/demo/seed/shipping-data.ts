import type { GarmentKind } from '../art/index.ts'
import type * as schema from '../../db/schema/shipping.ts'

/**
 * The demo rate table (decision 017): six courier services and fares per started kilogram from a
 * warehouse in Jakarta, of the size Indonesian couriers charged in 2024-2025 (JNE REG Jakarta →
 * Bandung about Rp 11,000/kg, → Surabaya about Rp 17,000, → Denpasar about Rp 24,000, → Jayapura
 * Rp 80,000 and more). Express services (JNE YES, SiCepat BEST) cost about twice REG and arrive
 * the next day within Java.
 */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

export const COURIER_SERVICES: Insert<typeof schema.courierServices>[] = [
  { id: 1, code: 'jne:reg', name: 'REG', provider: 'JNE', packingFee: 0, etdMin: 2, etdMax: 3, position: 1 },
  {
    id: 2,
    code: 'jne:yes',
    name: 'YES',
    provider: 'JNE',
    packingFee: 2000,
    etdMin: 1,
    etdMax: 1,
    position: 2,
  },
  { id: 3, code: 'jnt:ez', name: 'EZ', provider: 'J&T', packingFee: 0, etdMin: 2, etdMax: 3, position: 3 },
  {
    id: 4,
    code: 'sicepat:reg',
    name: 'REG',
    provider: 'SiCepat',
    packingFee: 0,
    etdMin: 2,
    etdMax: 3,
    position: 4,
  },
  {
    id: 5,
    code: 'sicepat:best',
    name: 'BEST',
    provider: 'SiCepat',
    packingFee: 2000,
    etdMin: 1,
    etdMax: 1,
    position: 5,
  },
  {
    id: 6,
    code: 'anteraja:reg',
    name: 'REG',
    provider: 'AnterAja',
    packingFee: 0,
    etdMin: 2,
    etdMax: 4,
    position: 6,
  },
]

/** Zone ids and names; extra days are added to every service's estimate. */
export const SHIPPING_ZONES: Insert<typeof schema.shippingZones>[] = [
  { id: 'LOCAL', name: "Within the warehouse's city", extraDays: 0 },
  { id: 'JABODETABEK', name: 'Jakarta, Bogor, Depok, Tangerang, Bekasi', extraDays: 0 },
  { id: 'JAWA_BARAT', name: 'West Java and Banten', extraDays: 0 },
  { id: 'JAWA_TENGAH_TIMUR', name: 'Central Java, Yogyakarta, East Java', extraDays: 1 },
  { id: 'BALI_NTB', name: 'Bali and West Nusa Tenggara', extraDays: 1 },
  { id: 'SUMATERA', name: 'Sumatra, Riau Islands, Bangka Belitung', extraDays: 2 },
  { id: 'KALIMANTAN', name: 'Kalimantan', extraDays: 2 },
  { id: 'SULAWESI', name: 'Sulawesi', extraDays: 3 },
  { id: 'NTT', name: 'East Nusa Tenggara', extraDays: 3 },
  { id: 'MALUKU_PAPUA', name: 'Maluku and Papua', extraDays: 5 },
]

const provinces = (zoneId: string, ids: string[]) => ids.map((areaId) => ({ areaId, zoneId }))

/** Provinces by Kemendagri code, and the Jabodetabek cities around the capital. */
export const SHIPPING_ZONE_AREAS: Insert<typeof schema.shippingZoneAreas>[] = [
  ...provinces('JABODETABEK', ['31', '32.01', '32.71', '32.76', '32.16', '32.75', '36.03', '36.71', '36.74']),
  ...provinces('JAWA_BARAT', ['32', '36']),
  ...provinces('JAWA_TENGAH_TIMUR', ['33', '34', '35']),
  ...provinces('BALI_NTB', ['51', '52']),
  ...provinces('SUMATERA', ['11', '12', '13', '14', '15', '16', '17', '18', '19', '21']),
  ...provinces('KALIMANTAN', ['61', '62', '63', '64', '65']),
  ...provinces('SULAWESI', ['71', '72', '73', '74', '75', '76']),
  ...provinces('NTT', ['53']),
  ...provinces('MALUKU_PAPUA', ['81', '82', '91', '92', '93', '94', '95', '96']),
]

/**
 * Rupiah per started kilogram, by zone, for services 1-6 (JNE REG, JNE YES, J&T EZ, SiCepat REG,
 * SiCepat BEST, AnterAja REG); null: the service does not serve the zone.
 */
const FARES: Record<string, (number | null)[]> = {
  LOCAL: [9000, 18000, 9000, 8500, 16000, 8000],
  JABODETABEK: [10000, 19000, 10000, 9500, 17000, 9000],
  JAWA_BARAT: [11000, 22000, 11000, 10500, 20000, 10000],
  JAWA_TENGAH_TIMUR: [17000, 30000, 16000, 15500, 27000, 15000],
  BALI_NTB: [24000, 42000, 23000, 22000, 38000, 22000],
  SUMATERA: [25000, 45000, 24000, 23000, 40000, 23000],
  KALIMANTAN: [33000, 55000, 32000, 31000, 50000, 31000],
  SULAWESI: [38000, 62000, 37000, 36000, 56000, 36000],
  NTT: [45000, 70000, 44000, 43000, null, 43000],
  MALUKU_PAPUA: [80000, 120000, 78000, 76000, null, null],
}

export const SHIPPING_RATES: Insert<typeof schema.shippingRates>[] = Object.entries(FARES).flatMap(
  ([zoneId, fares]) =>
    fares.flatMap((pricePerKg, i) => (pricePerKg === null ? [] : [{ zoneId, serviceId: i + 1, pricePerKg }])),
)

/** Packed weight of one piece in grams, by garment kind (folded, in its poly mailer). */
export const WEIGHT_GRAMS: Record<GarmentKind, number> = {
  tee: 250,
  'tee-boxy': 280,
  polo: 300,
  shirt: 300,
  'shirt-short': 260,
  sweater: 500,
  hoodie: 650,
  jacket: 800,
  'jacket-denim': 900,
  vest: 350,
  trousers: 500,
  jeans: 700,
  culottes: 400,
  shorts: 300,
  skirt: 300,
  'skirt-pleated': 330,
  'skirt-denim': 500,
  dress: 400,
  'dress-slip': 250,
  kaftan: 450,
  tote: 400,
  crossbody: 450,
  cap: 150,
  bucket: 180,
  'kids-tee': 150,
  'kids-dress': 220,
  'kids-shorts': 150,
  'kids-hoodie': 350,
}
