import type { salesHeaders } from '../../db/schema/index.ts'

type SalesHeader = typeof salesHeaders.$inferInsert

/**
 * An order header as the demo seed and the tests write it: the buyer receives it at the demo
 * address in Gambir, sent by JNE REG (10,000) and paid by BCA Virtual Account, with no packing or
 * payment fee. Any of those can be overridden, and `totalBayar` is the subtotal plus the fare and
 * the fees unless given. Kept out of test/ so the seed can use it without pulling in test code.
 */
export function demoOrderHeader(
  values: Pick<
    SalesHeader,
    | 'idSalesHeader'
    | 'salesOrderNumber'
    | 'idPelanggan'
    | 'buyerName'
    | 'buyerPhone'
    | 'subtotal'
    | 'expiredTime'
  > &
    Partial<SalesHeader>,
): SalesHeader {
  const header = {
    biayaKirim: 10_000,
    packingFee: 0,
    paymentFee: 0,
    idDeliveryMethod: 1,
    paket: 'JNE REG',
    courierCode: 'jne:reg',
    etdMin: 1,
    etdMax: 2,
    weightGrams: 300,
    penerima: values.buyerName,
    hpPenerima: values.buyerPhone,
    alamatLengkap: 'Jl. Medan Merdeka Barat No. 12',
    destinationCode: '31.71.01',
    subdistrict: 'Gambir',
    district: 'Gambir',
    city: 'Jakarta Pusat',
    province: 'DKI Jakarta',
    kodePos: '10110',
    idPayment: 1,
    paymentName: 'BCA Virtual Account',
    paymentCode: 'bca_va',
    paymentCategory: 'VIRTUAL-ACCOUNT',
    paymentLogo: '/media/v1/pay/bca.svg',
    ...values,
  }
  return {
    totalBayar: header.subtotal + header.biayaKirim + header.packingFee + header.paymentFee,
    ...header,
  }
}
