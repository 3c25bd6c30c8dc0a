import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import { voucherTypeOf } from '../promotions/index.ts'

/** What the returns module needs of an order (issue 40): its header's facts and its lines, as placed. */
export interface OrderForReturn {
  idSalesHeader: string
  salesOrderNumber: string
  idPelanggan: number
  isGuest: boolean
  status: string
  language: string
  deliveredAt: Date | null
  orderDate: Date
  subtotal: number
  biayaKirim: number
  packingFee: number
  paymentFee: number
  promoValue: number
  kodePromo: string | null
  /** FIXED, PERCENTAGE or SHIPPING; null without a voucher (or one deleted since). */
  voucherType: string | null
  totalBayar: number
  paymentName: string
  paymentCategory: string
  buyerName: string
  buyerPhone: string
  buyerEmail: string | null
  lines: {
    id: number
    productCode: string
    skuProduct: string
    productMasterName: string
    ukuran: string
    quantity: number
    hargaJual: number
    urlImage: string
    isBundling: boolean
    /** A bundle line's parts, per unit of the line (empty for a plain variant). */
    parts: { skuProduct: string; qty: number }[]
  }[]
}

/**
 * An order as a return reads it: by id, only the caller's when `idPelanggan` is given (another's is
 * null, as one that does not exist). `lock` takes the order row FOR UPDATE inside `tx`, so two
 * returns of one order are decided one after the other (never more units than bought).
 */
export async function orderForReturn(
  tx: Db | Transaction,
  idSalesHeader: string,
  options: { idPelanggan?: number; lock?: boolean } = {},
): Promise<OrderForReturn | null> {
  const where =
    options.idPelanggan === undefined
      ? eq(salesHeaders.idSalesHeader, idSalesHeader)
      : and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.idPelanggan, options.idPelanggan))
  const query = tx
    .select({ h: salesHeaders, voucherType: voucherTypeOf(salesHeaders.idPromo) })
    .from(salesHeaders)
    .where(where)
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) return null
  const { h, voucherType } = row
  const lines = await tx
    .select()
    .from(salesLines)
    .where(eq(salesLines.idSalesHeader, h.idSalesHeader))
    .orderBy(asc(salesLines.position), asc(salesLines.id))
  const bundles = lines.filter((line) => line.isBundling).map((line) => line.id)
  const parts =
    bundles.length === 0
      ? []
      : await tx
          .select({
            idSalesLine: salesLineComponents.idSalesLine,
            skuProduct: salesLineComponents.skuProduct,
            qty: salesLineComponents.qty,
          })
          .from(salesLineComponents)
          .where(inArray(salesLineComponents.idSalesLine, bundles))
          .orderBy(asc(salesLineComponents.skuProduct))
  return {
    idSalesHeader: h.idSalesHeader,
    salesOrderNumber: h.salesOrderNumber,
    idPelanggan: h.idPelanggan,
    isGuest: h.isGuest,
    status: h.status,
    language: h.language,
    deliveredAt: h.deliveredAt,
    orderDate: h.orderDate,
    subtotal: h.subtotal,
    biayaKirim: h.biayaKirim,
    packingFee: h.packingFee,
    paymentFee: h.paymentFee,
    promoValue: h.promoValue,
    kodePromo: h.kodePromo,
    voucherType,
    totalBayar: h.totalBayar,
    paymentName: h.paymentName,
    paymentCategory: h.paymentCategory,
    buyerName: h.buyerName,
    buyerPhone: h.buyerPhone,
    buyerEmail: h.buyerEmail,
    lines: lines.map((line) => ({
      id: line.id,
      productCode: line.productCode,
      skuProduct: line.skuProduct,
      productMasterName: line.productMasterName,
      ukuran: line.ukuran,
      quantity: line.quantity,
      hargaJual: line.hargaJual,
      urlImage: line.urlImage,
      isBundling: line.isBundling,
      parts: parts
        .filter((part) => part.idSalesLine === line.id)
        .map((part) => ({ skuProduct: part.skuProduct, qty: part.qty })),
    })),
  }
}

/**
 * The lines of orders delivered (reached Success) between `since` and `until`, bundles included, as
 * an SQL source of (id, product_code, product_master_name, ukuran, quantity): what the return rate
 * divides by (issue 40's figures). The orders module writes the SQL of its own tables.
 */
export function deliveredLinesBetween(since: Date, until: Date): SQL {
  return sql`
    select l.id, l.product_code, l.product_master_name, l.ukuran, l.quantity
    from sales_lines l
    join sales_headers h on h.id_sales_header = l.id_sales_header
    where h.delivered_at is not null and h.delivered_at >= ${since} and h.delivered_at <= ${until}`
}
