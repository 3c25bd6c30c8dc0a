import { describe, expect, it } from 'vitest'
import type { CheckoutData, Discount, PaymentOption } from '@busana/contract'
import { makeLine } from '~/features/cart/cart.test-utils.tsx'
import {
  checkoutLines,
  checkoutProducts,
  checkoutReducer,
  groupPayments,
  initialCheckout,
  paymentQuery,
  payProblem,
  summaryAmounts,
  type CheckoutState,
} from './checkout.state.ts'

const data: CheckoutData = {
  alamat_penerima: null,
  weight_grams: 900,
  jenis_paket_list: [
    {
      id: 1,
      name: 'REG',
      provider: 'JNE',
      tarif: 18_000,
      packing_fee: 0,
      etd_min: 2,
      etd_max: 3,
      etd: '2-3',
    },
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
const option = (id: number, category: PaymentOption['category'], fee = 0): PaymentOption => ({
  id_payment: id,
  name: `Pay ${id}`,
  logo: '/l.svg',
  category,
  deskripsi: '',
  payment_fee: fee,
})
const shippingVoucher: Discount = {
  id_promo: 3,
  kode_promo: 'ONGKIR17',
  type: 'SHIPPING',
  total_promo: 17_000,
  voucher_name: 'Free shipping',
}
const run = (...actions: Parameters<typeof checkoutReducer>[1][]) =>
  actions.reduce<CheckoutState>(checkoutReducer, initialCheckout)

describe('checkout state (docs/product/shopping.md §4)', () => {
  it('chooses no courier until the shopper picks one, and keeps it across a recheck that still offers it', () => {
    let state = run({ type: 'data', data })
    expect(state.deliveryId).toBeNull()
    state = checkoutReducer(state, { type: 'delivery', id: 2 })
    expect(checkoutReducer(state, { type: 'data', data }).deliveryId).toBe(2)
    const fewer = { ...data, jenis_paket_list: data.jenis_paket_list.slice(0, 1) }
    expect(checkoutReducer(state, { type: 'data', data: fewer }).deliveryId).toBeNull()
  })

  it('collapses the payment list after a choice, opens it with Change, drops a method no longer offered', () => {
    let state = run(
      { type: 'data', data },
      { type: 'payments', options: [option(1, 'QRIS'), option(2, 'E-WALLET')] },
    )
    expect(state.paymentListOpen).toBe(true)
    state = checkoutReducer(state, { type: 'payment', id: 2 })
    expect(state.paymentListOpen).toBe(false)
    expect(checkoutReducer(state, { type: 'openPayments' }).paymentListOpen).toBe(true)
    // The arrow keys choose as they move and keep the list open; leaving it closes it on the choice.
    const moving = checkoutReducer(checkoutReducer(state, { type: 'openPayments' }), {
      type: 'payment',
      id: 1,
      keepOpen: true,
    })
    expect(moving).toMatchObject({ paymentId: 1, paymentListOpen: true })
    expect(checkoutReducer(moving, { type: 'closePayments' }).paymentListOpen).toBe(false)
    const gone = checkoutReducer(state, { type: 'payments', options: [option(1, 'QRIS')] })
    expect(gone.paymentId).toBeNull()
    expect(gone.paymentListOpen).toBe(true)
  })

  it('clears the voucher input on success, keeps the result until removed', () => {
    let state = run({ type: 'promoCode', code: 'ongkir17' })
    state = checkoutReducer(state, { type: 'discount', discount: shippingVoucher })
    expect(state.promoCode).toBe('')
    expect(state.discount).toEqual(shippingVoucher)
    state = checkoutReducer(state, { type: 'discount', discount: null })
    expect(state.discount).toBeNull()
  })

  it('reuses one Idempotency-Key for repeated presses, a new one once the order changed', () => {
    let state = run({ type: 'data', data }, { type: 'delivery', id: 1 }, { type: 'payment', id: 7 })
    state = checkoutReducer(state, { type: 'placeStart', key: 'key-aaaaaaaa' })
    state = checkoutReducer(state, { type: 'placeStart', key: 'key-bbbbbbbb' })
    expect(state.idempotencyKey).toBe('key-aaaaaaaa')
    // No answer (network): the next press is the same attempt.
    state = checkoutReducer(state, { type: 'placeEnd', keepKey: true })
    expect(checkoutReducer(state, { type: 'placeStart', key: 'key-cccccccc' }).idempotencyKey).toBe(
      'key-aaaaaaaa',
    )
    // Another courier is another order: a new attempt.
    expect(checkoutReducer(state, { type: 'delivery', id: 2 }).idempotencyKey).toBeNull()
    // A refusal ends the attempt.
    expect(checkoutReducer(state, { type: 'placeEnd', keepKey: false }).idempotencyKey).toBeNull()
  })

  it('PAY NOW needs a payment method first, then a courier', () => {
    expect(payProblem(initialCheckout)).toBe('payment')
    expect(payProblem(run({ type: 'payment', id: 1 }))).toBe('delivery')
    expect(
      payProblem(run({ type: 'data', data }, { type: 'delivery', id: 1 }, { type: 'payment', id: 1 })),
    ).toBeNull()
  })
})

describe('amounts and payloads', () => {
  const lines = [
    makeLine({ id_line: 1, price: 239_000, qty: '2' }),
    makeLine({
      id_line: 2,
      price: 150_000,
      product_code: 'PRP-B01',
      sku_product: 'PRP-B01-SET',
      bundling: [
        { name: 'Kemeja', product_code: 'PRP-101', sku_product: 'PRP-101-L', ukuran: 'L', qty: 1 },
        { name: 'Chino', product_code: 'PRP-102', sku_product: 'PRP-102-30', ukuran: '30', qty: 1 },
      ],
    }),
  ]

  it('sums the summary with the contract rules: lines, fare, packing, fee, promo', () => {
    const state = run(
      { type: 'data', data },
      { type: 'delivery', id: 2 },
      { type: 'payments', options: [option(5, 'VIRTUAL-ACCOUNT', 4_000)] },
      { type: 'payment', id: 5 },
      { type: 'discount', discount: shippingVoucher },
    )
    expect(summaryAmounts(lines, state)).toEqual({
      subtotal: 628_000,
      delivery: 30_000,
      packing: 5_000,
      payment_fee: 4_000,
      promo: 17_000,
      total: 650_000,
    })
    // The payment call: the fare, and lines + packing − promo.
    expect(paymentQuery(lines, state)).toEqual({ delivery_price: 30_000, total_transaction: 616_000 })
  })

  it('sends a bundle line by its parts, a plain line by its sku', () => {
    expect(checkoutLines(lines)).toEqual([
      { product_code: 'PRP-101', sku_product: 'PRP-101-M', qty: 2 },
      {
        product_code: 'PRP-B01',
        sku_product: [
          { sku_product: 'PRP-101-L', qty: 1 },
          { sku_product: 'PRP-102-30', qty: 1 },
        ],
        qty: 1,
      },
    ])
    expect(checkoutProducts(lines)[0]).toEqual({
      id_line: 1,
      product_code: 'PRP-101',
      sku_product: 'PRP-101-M',
      qty: 2,
      quantity: 2,
      size: 'M',
      product_name: 'Kemeja Linen 1',
    })
  })

  it('groups payment options by category in the contract order', () => {
    const groups = groupPayments([
      option(1, 'QRIS'),
      option(2, 'VIRTUAL-ACCOUNT'),
      option(3, 'VIRTUAL-ACCOUNT'),
    ])
    expect(groups.map((g) => [g.category, g.options.length])).toEqual([
      ['VIRTUAL-ACCOUNT', 2],
      ['QRIS', 1],
    ])
  })
})
