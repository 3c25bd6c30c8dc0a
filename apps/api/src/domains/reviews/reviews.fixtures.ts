import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { salesLines } from '../../db/schema/index.ts'
import { createOrder } from '../../test/factories.ts'
import { deliverOrder } from '../orders/fulfilment.ts'

let sequence = 0

/**
 * An order of `productCodes` (one line each) for a customer, written directly in `status`; 'Success'
 * goes through Delivery and fulfilment's deliverOrder, so its review rows are opened by the real code.
 */
export async function createOrderWithLines(
  db: Db,
  idPelanggan: number,
  productCodes: string[],
  status: 'Paid' | 'Delivery' | 'Success' = 'Success',
): Promise<{ id: string; number: string; lineIds: number[] }> {
  const n = ++sequence
  const id = randomUUID()
  const number = `SO-RVW-${Date.now().toString(36)}-${n}`.toUpperCase()
  const now = new Date()
  await createOrder(db, {
    idSalesHeader: id,
    salesOrderNumber: number,
    idPelanggan,
    status: status === 'Success' ? 'Delivery' : status,
    buyerName: 'Reviewer',
    buyerPhone: '081200000000',
    subtotal: 100_000 * productCodes.length,
    expiredTime: new Date(now.getTime() + 86_400_000),
    paidAt: now,
    shippedAt: status === 'Paid' ? null : now,
    noResi: status === 'Paid' ? null : `RVW${Date.now()}${n}`,
  })
  const lines = await db
    .insert(salesLines)
    .values(
      productCodes.map((code, position) => ({
        idSalesHeader: id,
        position,
        productCode: code,
        skuProduct: `${code}-M`,
        productMasterName: `Product ${code}`,
        ukuran: 'M',
        idBrand: 9,
        quantity: 1,
        hargaJual: 100_000,
        urlImage: `/img/${code.toLowerCase()}-1.jpg`,
      })),
    )
    .returning({ id: salesLines.id })
  if (status === 'Success') await deliverOrder(db, id, 'courier')
  return { id, number, lineIds: lines.map((line) => line.id) }
}
