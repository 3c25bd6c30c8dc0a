import type { ApiClient } from '~/lib/api-client.ts'

/**
 * The order detail (spec 000 section 3, Order detail), as GET /api/v1/member/order_history/{id}
 * answers it. Declared here until the contract's OrderDetail lands with the orders API.
 */
export interface OrderDetail {
  sales_header: {
    id_sales_header: string
    status: string
    status_message: string
    sales_order_number: string
    order_date: string
    no_resi: string | null
    subtotal: number
    biaya_kirim: number
    packing_fee: number
    promo_value: number
    payment_fee: number
    total_bayar: number
    expired_time: string | null
  }
  sales_line: {
    quantity: number
    harga_jual: number
    url_image: string
    product_master_name: string
    sku_product: string
    ukuran: string
    is_bundling: boolean
  }[]
  shipping: {
    paket: string
    penerima: string
    alamat_lengkap: string
    subdistrict: string
    city: string
    province: string
    kode_pos: string
    no_hp: string
  }
  payment: {
    name: string
    fee: number
    payment_logo: string
    payment_method_code: string
    payment_method_category: string
    expired_at: string | null
  }
}

/** GET /api/v1/member/order_history/{id}: one of the shopper's own orders (member or phone guest). */
export async function fetchOrder(api: ApiClient, id: string, signal?: AbortSignal): Promise<OrderDetail> {
  const answer = await api.request<OrderDetail>(`/api/v1/member/order_history/${encodeURIComponent(id)}`, {
    member: true,
    signal,
  })
  return answer.data
}
