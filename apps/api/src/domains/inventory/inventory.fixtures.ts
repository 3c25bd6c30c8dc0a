import type { Db } from '../../db/client.ts'
import { createProduct } from '../../test/factories.ts'

/**
 * Test helper of the inventory domain: makes products of brand 9 with one size M of `stock` units,
 * coded `<prefix>-001`, `<prefix>-002`, …; each answers its code and sku.
 */
export function oneSizeProducts(db: () => Db, prefix: string) {
  let n = 0
  return async (stock: number) => {
    const row = await createProduct(db(), {
      idBrand: 9,
      productCode: `${prefix}-${String(++n).padStart(3, '0')}`,
      sellingPrice: 100_000,
      sizes: [{ ukuran: 'M', stock, sellingPrice: 100_000 }],
    })
    return { code: row.productCode, sku: `${row.productCode}-M` }
  }
}
