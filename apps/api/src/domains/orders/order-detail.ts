import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  AppError,
  etdLabel,
  ORDER_STATUS_MESSAGES,
  shopIsoString,
  type OrderDetail,
  type OrderStatus,
  type PaymentCategory,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'

/**
 * The order detail (GET /member/order_history/{id}; spec 000 section 3): only the caller's own
 * order, another's id answers 404 ORD001 exactly like an unknown one. Three queries.
 */
export async function orderDetail(db: Db, idPelanggan: number, idSalesHeader: string): Promise<OrderDetail> {
  const [h] = await db
    .select()
    .from(salesHeaders)
    .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.idPelanggan, idPelanggan)))
    .limit(1)
  if (!h) throw new AppError('ORD001')
  const lines = await db
    .select()
    .from(salesLines)
    .where(eq(salesLines.idSalesHeader, h.idSalesHeader))
    .orderBy(asc(salesLines.position), asc(salesLines.id))
  const parts =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(salesLineComponents)
          .where(
            inArray(
              salesLineComponents.idSalesLine,
              lines.map((line) => line.id),
            ),
          )
  const iso = (date: Date) => shopIsoString(date)!
  return {
    sales_header: {
      id_sales_header: h.idSalesHeader,
      status: h.status as OrderStatus,
      status_message: ORDER_STATUS_MESSAGES[h.status as OrderStatus],
      sales_order_number: h.salesOrderNumber,
      order_date: iso(h.orderDate),
      no_resi: h.noResi,
      subtotal: h.subtotal,
      biaya_kirim: h.biayaKirim,
      packing_fee: h.packingFee,
      payment_fee: h.paymentFee,
      promo_value: h.promoValue,
      kode_promo: h.kodePromo,
      total_bayar: h.totalBayar,
      expired_time: iso(h.expiredTime),
    },
    sales_line: lines.map((line) => ({
      quantity: line.quantity,
      harga_jual: line.hargaJual,
      url_image: line.urlImage,
      product_code: line.productCode,
      product_master_name: line.productMasterName,
      sku_product: line.skuProduct,
      ukuran: line.ukuran,
      is_bundling: line.isBundling,
      bundling: parts
        .filter((part) => part.idSalesLine === line.id)
        .map((part) => ({
          sku_product: part.skuProduct,
          product_master_name: part.productMasterName,
          ukuran: part.ukuran,
          qty: part.qty,
        })),
    })),
    shipping: {
      paket: h.paket,
      etd: etdLabel(h.etdMin, h.etdMax),
      penerima: h.penerima,
      alamat_lengkap: h.alamatLengkap,
      subdistrict: h.subdistrict,
      district: h.district,
      city: h.city,
      province: h.province,
      kode_pos: h.kodePos,
      no_hp: h.hpPenerima,
    },
    payment: {
      name: h.paymentName,
      fee: h.paymentFee,
      rekening: null,
      payment_logo: h.paymentLogo,
      payment_method_code: h.paymentCode,
      payment_method_category: h.paymentCategory as PaymentCategory,
      deeplink: null,
      qr_code: null,
      expired_at: iso(h.expiredTime),
    },
  }
}
