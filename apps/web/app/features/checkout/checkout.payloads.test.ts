import { describe, expect, it } from 'vitest'
import {
  GuestCheckoutBodySchema,
  MemberCheckoutBodySchema,
  PromoBodySchema,
  type CheckoutData,
  type Discount,
} from '@busana/contract/schemas'
import { makeLine } from '~/features/cart/cart.test-utils.tsx'
import { orderBody, promoBody } from './checkout.payloads.ts'
import { checkoutReducer, initialCheckout, type CheckoutState } from './checkout.state.ts'
import { emptyGuestShipping } from './guest-shipping-form.ts'

const data: CheckoutData = {
  alamat_penerima: null,
  weight_grams: 900,
  jenis_paket_list: [
    {
      id: 2,
      name: 'YES',
      provider: 'JNE',
      tarif: 30_000,
      packing_fee: 5_000,
      etd_min: 1,
      etd_max: 1,
      etd: '1',
    },
  ],
}
const voucher: Discount = {
  id_promo: 9,
  kode_promo: 'HEMAT50',
  type: 'FIXED',
  total_promo: 50_000,
  voucher_name: 'Hemat 50K',
}
const lines = [makeLine({ id_line: 1, price: 239_000, qty: '2' })]
const run = (...actions: Parameters<typeof checkoutReducer>[1][]) =>
  actions.reduce<CheckoutState>(checkoutReducer, initialCheckout)
const chosen = run({ type: 'data', data }, { type: 'delivery', id: 2 }, { type: 'payment', id: 5 })
const product = {
  id_line: 1,
  product_code: 'PRP-101',
  sku_product: 'PRP-101-M',
  qty: 2,
  quantity: 2,
  size: 'M',
  product_name: 'Kemeja Linen 1',
}

describe('promo body (POST orders/promo)', () => {
  it('sends the chosen courier and fare, the lines plus packing, and the products', () => {
    const body = promoBody(lines, chosen, 'ONGKIR')
    expect(body).toEqual({
      id_delivery_method: 2,
      delivery_price: 30_000,
      kode_promo: 'ONGKIR',
      total_transaction: 483_000,
      products: [product],
    })
    expect(() => PromoBodySchema.parse(body)).not.toThrow()
  })

  it('sends no courier and a zero fare before one is chosen', () => {
    expect(promoBody(lines, initialCheckout, 'HEMAT50')).toMatchObject({
      id_delivery_method: null,
      delivery_price: 0,
      total_transaction: 478_000,
    })
  })
})

describe('order body (checkout_new, checkout_guest)', () => {
  it('sends the member payload, with the applied voucher when there is one', () => {
    expect(orderBody(lines, chosen, null)).toEqual({
      id_delivery_method: 2,
      id_payment: 5,
      id_promo: null,
      kode_promo: null,
      use_promo: false,
      products: [product],
      id_warehouse: 1,
    })
    const withVoucher = orderBody(
      lines,
      checkoutReducer(chosen, { type: 'discount', discount: voucher }),
      null,
    )
    expect(withVoucher).toMatchObject({ id_promo: 9, kode_promo: 'HEMAT50', use_promo: true })
    expect(() => MemberCheckoutBodySchema.parse(withVoucher)).not.toThrow()
  })

  it("adds the guest's buyer and trimmed shipping form, the phone sent with one 0", () => {
    const body = orderBody(lines, chosen, {
      contact: { name: ' Sari ', email: ' sari@example.com ' },
      phone: '081234567890',
      shipping: {
        region: {
          ...emptyGuestShipping.region,
          destination_code: '31.71.01',
          id_address_village: '31.71.01.1001',
          kode_pos: '10110',
        },
        penerima: ' Budi ',
        phone: '81298765432',
        alamat_lengkap: ' Jl. Melati No. 12, RT 03 RW 04, Gambir ',
      },
    })
    expect(body).toMatchObject({
      buyer_name: 'Sari',
      buyer_phone: '081234567890',
      buyer_email: 'sari@example.com',
      penerima: 'Budi',
      hp_penerima: '081298765432',
      alamat_lengkap: 'Jl. Melati No. 12, RT 03 RW 04, Gambir',
      destination_code: '31.71.01',
      kode_pos: '10110',
      id_address_village: '31.71.01.1001',
    })
    expect(() => GuestCheckoutBodySchema.parse(body)).not.toThrow()
  })

  it('leaves buyer_phone out when the guest has no verified phone', () => {
    const body = orderBody(lines, chosen, {
      contact: { name: 'Sari', email: '' },
      phone: null,
      shipping: emptyGuestShipping,
    })
    expect('buyer_phone' in body && body.buyer_phone).toBeFalsy()
  })
})
