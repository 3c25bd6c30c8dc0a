import { and, count, eq, isNull } from 'drizzle-orm'
import { AppError, type AdminProductAlerts } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { memberAlerts } from '../../db/schema/index.ts'
import { productFacts } from '../catalog/index.ts'
import { waitingBySize } from './alerts.service.ts'

/** Waiting PRICE_DROP alerts of one product (by its stored code). */
export async function priceDropWaiting(db: Db, productCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberAlerts)
    .where(
      and(
        eq(memberAlerts.productCode, productCode),
        eq(memberAlerts.kind, 'PRICE_DROP'),
        isNull(memberAlerts.spentAt),
      ),
    )
  return Number(row?.n ?? 0)
}

/**
 * How many members wait for each size of a product to come back, and for its price to drop (the
 * back office's product page). Every size is listed, 0 when nobody waits. Only a published product
 * is read (the catalogue's `productFacts`): an unknown code or a draft is 404 CAT001.
 */
export async function productAlerts(db: Db, code: string): Promise<AdminProductAlerts> {
  const product = await productFacts(db, code)
  if (!product) throw new AppError('CAT001')
  const [bySize, priceDrop] = await Promise.all([
    waitingBySize(db, [product.productCode]),
    priceDropWaiting(db, product.productCode),
  ])
  return {
    product_code: product.productCode,
    sizes: product.sizes.map((size) => ({
      sku_product: size.skuProduct,
      ukuran: size.ukuran,
      waiting: bySize.get(size.skuProduct) ?? 0,
    })),
    price_drop_waiting: priceDrop,
  }
}
