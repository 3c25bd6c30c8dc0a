import type { Db } from '../../apps/api/src/db/client.ts'
import { addresses, cartLines } from '../../apps/api/src/db/schema/index.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from '../../apps/api/src/test/member-factories.ts'

/**
 * A shopper of the checkout benches, made directly in the database (the API's sign-up limits would
 * make hundreds of sign-ups slow): a member signed in, with a primary address and one unit of `sku`
 * (of `productCode`) in the bag. Answers the session's token and PAY NOW's body for
 * `id_payment`, delivery method 1.
 */
export async function benchShopper(
  db: Db,
  productCode: string,
  sku: string,
  idPayment: number,
): Promise<{ token: string; body: string }> {
  const member = await createSignedInMember(db)
  await db.insert(addresses).values({ ...GAMBIR_ADDRESS, idPelanggan: member.idPelanggan })
  const [line] = await db
    .insert(cartLines)
    .values({ idPelanggan: member.idPelanggan, productCode, skuProduct: sku, lineKey: sku, qty: 1 })
    .returning({ id: cartLines.idLine })
  return {
    token: member.token,
    body: JSON.stringify({
      id_delivery_method: 1,
      id_payment: idPayment,
      products: [{ id_line: line!.id, product_code: productCode, sku_product: sku, qty: 1 }],
    }),
  }
}
