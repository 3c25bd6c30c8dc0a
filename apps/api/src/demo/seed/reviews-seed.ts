import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  customers,
  productMedia,
  productReviews,
  products,
  salesHeaders,
  salesLines,
  variants,
} from '../../db/schema/index.ts'
import { demoOrderHeader } from './order-header.ts'

/**
 * Demo reviews (issue 13): a few verified buyers with a delivered order each and a published review
 * of every line, so the demo product pages show stars, an average and AggregateRating. The buyers
 * have no password (nobody signs in as them). Seeded once: a database that has them is left alone,
 * and a product the catalog no longer has is skipped.
 */
const BUYERS = [
  { nama: 'Sari Wulandari', hp: '081390000001' },
  { nama: 'Budi Santoso', hp: '081390000002' },
  { nama: 'Dewi Lestari', hp: '081390000003' },
  { nama: 'Rizky Pratama', hp: '081390000004' },
]
const EMAIL = (n: number) => `reviewer${n}@demo.busana.local`

/** product code → reviews by buyer index: [buyer, rating, text]. */
const REVIEWS: Record<string, [number, number, string][]> = {
  'PRP-1001': [
    [0, 5, 'Bahannya adem dan jatuhnya pas. Ukuran sesuai chart.'],
    [1, 4, 'Good fabric and neat stitching. Slightly long in the sleeves for me.'],
    [2, 5, 'Sudah dicuci dua kali, warnanya tidak pudar. Suka!'],
  ],
  'PRP-1002': [
    [1, 5, 'Fits true to size, comfortable for a full day at the office.'],
    [3, 4, 'Warna sesuai foto, pengiriman cepat.'],
  ],
  'PRP-1003': [[2, 3, 'Nice colour, but the fabric is thinner than I expected.']],
  'PRP-1081': [
    [0, 5, 'Topinya ringan dan enak dipakai, cocok untuk jalan-jalan.'],
    [3, 4, 'Good shape, keeps the sun off. Runs a little small.'],
  ],
}

export async function seedDemoReviews(db: Db, now = new Date()): Promise<number> {
  const [seeded] = await db
    .select({ id: customers.idPelanggan })
    .from(customers)
    .where(eq(customers.email, EMAIL(1)))
  if (seeded) return 0
  const codes = Object.keys(REVIEWS)
  const found = await db
    .select({
      code: products.productCode,
      name: products.productName,
      brand: products.idBrand,
      price: products.sellingPrice,
    })
    .from(products)
    .where(inArray(products.productCode, codes))
  if (found.length === 0) return 0
  const sizes = await db
    .select({ code: variants.productCode, sku: variants.skuProduct, ukuran: variants.ukuran })
    .from(variants)
    .where(inArray(variants.productCode, codes))
    .orderBy(asc(variants.position))
  const images = await db
    .select({ code: productMedia.productCode, url: productMedia.url })
    .from(productMedia)
    .where(and(inArray(productMedia.productCode, codes), eq(productMedia.type, 'image')))
    .orderBy(asc(productMedia.position))

  let written = 0
  await db.transaction(async (tx) => {
    const buyerIds = []
    for (const [index, buyer] of BUYERS.entries()) {
      const [row] = await tx
        .insert(customers)
        .values({ nama: buyer.nama, email: EMAIL(index + 1), hp: buyer.hp, isVerified: true })
        .returning({ id: customers.idPelanggan })
      buyerIds.push(row!.id)
    }
    for (const [index, idPelanggan] of buyerIds.entries()) {
      const lines = found.flatMap((product) =>
        (REVIEWS[product.code] ?? [])
          .filter(([buyer]) => buyer === index)
          .map(([, rating, text]) => ({ product, rating, text })),
      )
      if (lines.length === 0) continue
      const id = randomUUID()
      const days = (index + 1) * 6
      const placed = new Date(now.getTime() - days * 86_400_000)
      const delivered = new Date(placed.getTime() + 3 * 86_400_000)
      const subtotal = lines.reduce((sum, line) => sum + line.product.price, 0)
      const buyer = BUYERS[index]!
      await tx.insert(salesHeaders).values(
        demoOrderHeader({
          idSalesHeader: id,
          salesOrderNumber: `BSN-DEMO-REVIEW-${index + 1}`,
          idPelanggan,
          status: 'Success',
          idBrand: 9,
          buyerName: buyer.nama,
          buyerEmail: EMAIL(index + 1),
          buyerPhone: buyer.hp,
          subtotal,
          weightGrams: 500,
          orderDate: placed,
          expiredTime: new Date(placed.getTime() + 86_400_000),
          paidAt: placed,
          shippedCourier: 'jne',
          shippedAt: placed,
          deliveredAt: delivered,
          noResi: `JNEDEMO${index + 1}`,
        }),
      )
      for (const [position, line] of lines.entries()) {
        const size = sizes.find((s) => s.code === line.product.code)
        const [sold] = await tx
          .insert(salesLines)
          .values({
            idSalesHeader: id,
            position,
            productCode: line.product.code,
            skuProduct: size?.sku ?? line.product.code,
            productMasterName: line.product.name,
            ukuran: size?.ukuran ?? 'ALL SIZE',
            idBrand: line.product.brand,
            quantity: 1,
            hargaJual: line.product.price,
            urlImage: images.find((image) => image.code === line.product.code)?.url ?? '',
          })
          .returning({ id: salesLines.id })
        await tx.insert(productReviews).values({
          idSalesLine: sold!.id,
          idSalesHeader: id,
          idPelanggan,
          productCode: line.product.code,
          status: 'PUBLISHED',
          rating: line.rating,
          review: line.text,
          openedAt: delivered,
          reviewedAt: new Date(delivered.getTime() + (position + 1) * 3_600_000),
        })
        written++
      }
    }
  })
  return written
}
