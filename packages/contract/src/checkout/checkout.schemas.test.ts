import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { CHECKOUT_MESSAGES } from '../messages.ts'
import {
  CheckoutHeadersSchema,
  CheckoutResponseSchema,
  GuestCheckoutBodySchema,
  MemberCheckoutBodySchema,
  PaymentListResponseSchema,
  PaymentQuerySchema,
  PromoBodySchema,
  PromoResponseSchema,
  type CheckoutProductInput,
  type GuestCheckoutBodyInput,
  type MemberCheckoutBodyInput,
} from './checkout.schemas.ts'

/** The issues of a failed parse as 'path: message', or [] when it passes. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const line: CheckoutProductInput = {
  id: 41,
  sku_product: 'PRP-1001-M',
  size: 'M',
  product_name: 'Linen Shirt',
  product_code: 'PRP-1001',
  quantity: 2,
  qty: 2,
  id_line: 41,
}

const member: MemberCheckoutBodyInput = {
  id_delivery_method: 3,
  id_payment: 1,
  id_promo: null,
  kode_promo: '',
  use_promo: false,
  products: [line],
  id_warehouse: 1,
}

const guest: GuestCheckoutBodyInput = {
  ...member,
  buyer_name: 'Sari Wulandari',
  buyer_phone: '081234567890',
  buyer_email: 'sari@example.id',
  penerima: 'Sari Wulandari',
  hp_penerima: '081234567890',
  alamat_lengkap: 'Jl. Melati No. 12, RT 03 RW 04, dekat masjid',
  destination_code: '31.71.01',
  kode_pos: '10110',
}

describe('GET /api/v1/orders/payment', () => {
  it('takes delivery_price and total_transaction as whole rupiah, numbers or digit strings', () => {
    expect(PaymentQuerySchema.parse({ delivery_price: '18000', total_transaction: '488000' })).toEqual({
      delivery_price: 18_000,
      total_transaction: 488_000,
    })
  })

  it('refuses missing, negative, fractional and absurd amounts', () => {
    expect(problems(PaymentQuerySchema, { delivery_price: '18000' })).toHaveLength(1)
    expect(problems(PaymentQuerySchema, { delivery_price: '-1', total_transaction: '1' })).not.toEqual([])
    expect(problems(PaymentQuerySchema, { delivery_price: 1.5, total_transaction: 1 })).not.toEqual([])
    expect(problems(PaymentQuerySchema, { delivery_price: 0, total_transaction: 10 ** 15 })).not.toEqual([])
  })

  it('answers payment options of the three categories', () => {
    const answer = {
      status: 200,
      message: 'OK',
      data: [
        {
          id_payment: 1,
          name: 'BCA Virtual Account',
          logo: '/img/bca.svg',
          category: 'VIRTUAL-ACCOUNT',
          deskripsi: '',
          payment_fee: 4000,
        },
        {
          id_payment: 5,
          name: 'GoPay',
          logo: '/img/gopay.svg',
          category: 'E-WALLET',
          deskripsi: '',
          payment_fee: 0,
        },
        {
          id_payment: 6,
          name: 'QRIS',
          logo: '/img/qris.svg',
          category: 'QRIS',
          deskripsi: '',
          payment_fee: 0,
        },
      ],
    }
    expect(PaymentListResponseSchema.parse(answer).data).toHaveLength(3)
    const card = { ...answer.data[0], category: 'CREDIT-CARD' }
    expect(problems(PaymentListResponseSchema, { ...answer, data: [card] })).not.toEqual([])
  })
})

describe('POST /api/v1/orders/promo', () => {
  const body = {
    id_delivery_method: 3,
    delivery_price: 18_000,
    kode_promo: ' hemat50 ',
    total_transaction: 300_000,
    products: [line],
  }

  it('normalizes the code and keeps the ticked lines', () => {
    const parsed = PromoBodySchema.parse(body)
    expect(parsed.kode_promo).toBe('HEMAT50')
    expect(parsed.products[0]).toMatchObject({ id_line: 41, qty: 2 })
  })

  it('needs a code', () => {
    expect(problems(PromoBodySchema, { ...body, kode_promo: '  ' })).toEqual([
      'kode_promo: Please enter a voucher code',
    ])
    expect(problems(PromoBodySchema, { ...body, kode_promo: undefined })).toEqual([
      'kode_promo: Please enter a voucher code',
    ])
  })

  it('may come before a courier is chosen', () => {
    expect(problems(PromoBodySchema, { ...body, id_delivery_method: null, delivery_price: 0 })).toEqual([])
  })

  it('answers the Discount of docs/product/shopping.md §3', () => {
    const discount = {
      id_promo: 7,
      kode_promo: 'HEMAT50',
      type: 'FIXED',
      total_promo: 50_000,
      voucher_name: 'Hemat 50K',
    }
    expect(
      PromoResponseSchema.parse({ status: 200, message: 'Voucher applied', data: discount }).data,
    ).toEqual(discount)
    expect(
      problems(PromoResponseSchema, { status: 200, message: '', data: { ...discount, total_promo: 1.5 } }),
    ).not.toEqual([])
  })
})

describe('POST /api/v1/orders/checkout_new', () => {
  it('parses the member payload, warehouse 1 and no voucher', () => {
    expect(MemberCheckoutBodySchema.parse(member)).toMatchObject({
      id_delivery_method: 3,
      id_payment: 1,
      use_promo: false,
      kode_promo: null,
      id_promo: null,
      id_warehouse: 1,
    })
  })

  it("says 'You haven't selected a delivery method.' without a courier", () => {
    for (const id_delivery_method of [undefined, null, '', 0]) {
      expect(problems(MemberCheckoutBodySchema, { ...member, id_delivery_method })).toEqual([
        `id_delivery_method: ${CHECKOUT_MESSAGES.deliveryRequired.en}`,
      ])
    }
    expect(problems(MemberCheckoutBodySchema, { ...member, id_delivery_method: 'JNE' })).toEqual([
      'id_delivery_method: must be a whole number',
    ])
  })

  it('needs a payment method', () => {
    expect(problems(MemberCheckoutBodySchema, { ...member, id_payment: undefined })).toEqual([
      `id_payment: ${CHECKOUT_MESSAGES.paymentRequired.en}`,
    ])
  })

  it('needs a code when use_promo is true, and normalizes it', () => {
    expect(problems(MemberCheckoutBodySchema, { ...member, use_promo: true, kode_promo: '' })).toEqual([
      'kode_promo: is required when use_promo is true',
    ])
    const parsed = MemberCheckoutBodySchema.parse({
      ...member,
      use_promo: 'true',
      kode_promo: 'hemat50',
      id_promo: 7,
    })
    expect(parsed).toMatchObject({ use_promo: true, kode_promo: 'HEMAT50', id_promo: 7 })
  })

  it('ignores a code when use_promo is false', () => {
    expect(MemberCheckoutBodySchema.parse({ ...member, kode_promo: 'HEMAT50', id_promo: 7 })).toMatchObject({
      kode_promo: null,
      id_promo: null,
    })
  })

  it('drops the amounts a client adds (the server computes them)', () => {
    const parsed = MemberCheckoutBodySchema.parse({
      ...member,
      total: 1,
      products: [{ ...line, price: 1 }],
    })
    expect(parsed).not.toHaveProperty('total')
    expect(parsed.products[0]).not.toHaveProperty('price')
  })

  it('refuses bad lines, naming the field', () => {
    expect(problems(MemberCheckoutBodySchema, { ...member, products: [] })).toEqual([
      'products: must list at least one line',
    ])
    expect(
      problems(MemberCheckoutBodySchema, { ...member, products: [{ ...line, qty: 0, quantity: undefined }] }),
    ).toEqual(['products.0.qty: must be at least 1'])
    expect(
      problems(MemberCheckoutBodySchema, {
        ...member,
        products: [{ ...line, qty: 10 ** 9, quantity: undefined }],
      }),
    ).toEqual(['products.0.qty: must be at most 99'])
    expect(problems(MemberCheckoutBodySchema, { ...member, products: [{ ...line, quantity: 3 }] })).toEqual([
      'products.0.quantity: must equal qty',
    ])
    expect(problems(MemberCheckoutBodySchema, { ...member, products: [line, line] })).toEqual([
      'products.1.id_line: is listed twice',
    ])
    expect(
      problems(MemberCheckoutBodySchema, { ...member, products: [{ ...line, sku_product: "x' OR 1=1" }] }),
    ).toHaveLength(1)
  })

  it('takes a bundle line by its own sku or by its bundle value', () => {
    const bundle = {
      ...line,
      product_code: 'PRP-B01',
      sku_product: 'PRP-B01-SET',
      quantity: 1,
      qty: 1,
      id_line: 42,
    }
    const value = [
      { sku_product: 'PRP-1001-M', qty: 1 },
      { sku_product: 'PRP-1002-L', qty: 2 },
    ]
    expect(problems(MemberCheckoutBodySchema, { ...member, products: [line, bundle] })).toEqual([])
    expect(
      MemberCheckoutBodySchema.parse({ ...member, products: [{ ...bundle, sku_product: value }] }).products[0]
        ?.sku_product,
    ).toEqual(value)
  })

  it('ships from warehouse 1 only', () => {
    expect(MemberCheckoutBodySchema.parse({ ...member, id_warehouse: undefined }).id_warehouse).toBe(1)
    expect(MemberCheckoutBodySchema.parse({ ...member, id_warehouse: '1' }).id_warehouse).toBe(1)
    expect(problems(MemberCheckoutBodySchema, { ...member, id_warehouse: 2 })).toEqual([
      'id_warehouse: must be 1',
    ])
  })
})

describe('POST /api/v1/orders/checkout_guest', () => {
  it('parses the guest payload', () => {
    expect(GuestCheckoutBodySchema.parse(guest)).toMatchObject({
      buyer_name: 'Sari Wulandari',
      buyer_email: 'sari@example.id',
      destination_code: '31.71.01',
      kode_pos: '10110',
      id_warehouse: 1,
    })
  })

  it('needs the name, with the product’s message', () => {
    expect(problems(GuestCheckoutBodySchema, { ...guest, buyer_name: ' ' })).toEqual([
      'buyer_name: Please insert your name',
    ])
  })

  it('accepts no e-mail (need_email is the server check) but refuses a bad one', () => {
    expect(GuestCheckoutBodySchema.parse({ ...guest, buyer_email: undefined }).buyer_email).toBe('')
    expect(GuestCheckoutBodySchema.parse({ ...guest, buyer_email: '' }).buyer_email).toBe('')
    expect(problems(GuestCheckoutBodySchema, { ...guest, buyer_email: 'sari@example' })).toEqual([
      'buyer_email: Email is not valid.',
    ])
  })

  it('refuses an address under 30 characters with the product’s message', () => {
    expect(problems(GuestCheckoutBodySchema, { ...guest, alamat_lengkap: 'Jl. Melati No. 12' })).toEqual([
      `alamat_lengkap: ${CHECKOUT_MESSAGES.addressTooShort.en}`,
    ])
    expect(problems(GuestCheckoutBodySchema, { ...guest, alamat_lengkap: undefined })).toEqual([
      `alamat_lengkap: ${CHECKOUT_MESSAGES.shippingRequired.en}`,
    ])
  })

  it('checks the phone, the district code and the postal code', () => {
    expect(problems(GuestCheckoutBodySchema, { ...guest, hp_penerima: '+6221123456' })).toHaveLength(1)
    expect(problems(GuestCheckoutBodySchema, { ...guest, destination_code: '3171' })).toHaveLength(1)
    expect(problems(GuestCheckoutBodySchema, { ...guest, kode_pos: '101101' })).toEqual([
      'kode_pos: must be 5 digits',
    ])
    expect(problems(GuestCheckoutBodySchema, { ...guest, kode_pos: '1e5' })).toEqual([
      'kode_pos: must be 5 digits',
    ])
  })

  it('keeps the member rules', () => {
    expect(problems(GuestCheckoutBodySchema, { ...guest, id_delivery_method: undefined })).toEqual([
      `id_delivery_method: ${CHECKOUT_MESSAGES.deliveryRequired.en}`,
    ])
  })
})

describe('headers and the order result', () => {
  it('takes an optional Idempotency-Key of 8 to 128 safe characters', () => {
    expect(CheckoutHeadersSchema.parse({})).toEqual({})
    expect(
      CheckoutHeadersSchema.parse({ 'idempotency-key': '0b6f3a6e-4f7c-4a8e-9a4b-2c1d8f0e7a11' }),
    ).toHaveProperty('idempotency-key')
    expect(problems(CheckoutHeadersSchema, { 'idempotency-key': 'short' })).toHaveLength(1)
  })

  it('answers id_sales_header', () => {
    const answer = {
      status: 200,
      message: 'Your order has been placed',
      data: { id_sales_header: 'SO-7Q2K9X4M' },
    }
    expect(CheckoutResponseSchema.parse(answer).data.id_sales_header).toBe('SO-7Q2K9X4M')
  })
})
