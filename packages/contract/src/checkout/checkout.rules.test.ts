import { describe, expect, it } from 'vitest'
import { errors } from '../errors.ts'
import { CHECKOUT_MESSAGES, PROMO_MESSAGES } from '../messages.ts'
import { formatIdr } from '../catalog/catalog.rules.ts'
import { shopInstant } from '../clock.ts'
import {
  canSaveGuestShipping,
  checkoutAmounts,
  CHECKOUT_WAREHOUSE_ID,
  guestShippingProblem,
  isFeeShown,
  voucherRefusalMessage,
  GUEST_ADDRESS_MIN_LENGTH,
  guestContactProblem,
  guestEmailToSend,
  isGuestAddressLongEnough,
  linesSubtotal,
  maskPhone,
  normalizeVoucherCode,
  orderTotal,
  paymentFee,
  VOUCHER_CODE_PATTERN,
  voucherDiscount,
  voucherLineQualifies,
  voucherRefusal,
  voucherWindow,
  type VoucherState,
  type VoucherTerms,
} from './checkout.rules.ts'

const fixed = (value: number, min_purchase = 0): VoucherTerms => ({
  type: 'FIXED',
  value,
  max_discount: null,
  min_purchase,
})
const percent = (value: number, max_discount: number | null): VoucherTerms => ({
  type: 'PERCENTAGE',
  value,
  max_discount,
  min_purchase: 0,
})
const shipping = (value: number): VoucherTerms => ({
  type: 'SHIPPING',
  value,
  max_discount: null,
  min_purchase: 0,
})

// The campaign popup's end (docs/product/account.md): 25 August 2024, 23:59 WIB, inclusive to the last
// second.
const CAMPAIGN_END = Date.parse('2024-08-25T23:59:59+07:00')
const CAMPAIGN_START = Date.parse('2024-08-01T00:00:00+07:00')
const campaign50k: VoucherState = {
  ...fixed(50_000, 300_000),
  starts_at: CAMPAIGN_START,
  ends_at: CAMPAIGN_END,
  usage_limit: 100,
  used_count: 0,
}
const ok = { now: Date.parse('2024-08-20T12:00:00+07:00'), subtotal: 300_000, usedByCustomer: false }

describe('lines subtotal (docs/product/shopping.md §9)', () => {
  it('sums price times quantity', () => {
    expect(linesSubtotal([])).toBe(0)
    expect(
      linesSubtotal([
        { price: 119_000, qty: 2 },
        { price: 250_000, qty: 1 },
      ]),
    ).toBe(488_000)
  })

  it('refuses fractional or negative amounts (a bug upstream, not a shopper input)', () => {
    expect(() => linesSubtotal([{ price: 1000.5, qty: 1 }])).toThrow(RangeError)
    expect(() => linesSubtotal([{ price: 1000, qty: -1 }])).toThrow(RangeError)
  })
})

describe('order total (docs/product/shopping.md §9)', () => {
  const base = { subtotal: 488_000, delivery: 18_000, packing: 2_000, payment_fee: 4_000, promo: 0 }

  it('is lines + delivery + packing + payment fee − promo', () => {
    expect(orderTotal(base)).toBe(512_000)
    expect(orderTotal({ ...base, promo: 50_000 })).toBe(462_000)
  })

  it('is never negative', () => {
    expect(orderTotal({ subtotal: 10_000, delivery: 0, packing: 0, payment_fee: 0, promo: 20_000 })).toBe(0)
  })

  it('takes only whole, non-negative rupiah', () => {
    expect(() => orderTotal({ ...base, delivery: 0.5 })).toThrow(RangeError)
    expect(() => orderTotal({ ...base, promo: -1 })).toThrow(RangeError)
    expect(() => orderTotal({ ...base, payment_fee: Number.NaN })).toThrow(RangeError)
  })
})

describe('voucher discount', () => {
  it('FIXED takes its amount off the lines', () => {
    expect(voucherDiscount(fixed(50_000), 300_000, 18_000)).toBe(50_000)
  })

  it('FIXED never takes more than the lines', () => {
    expect(voucherDiscount(fixed(100_000), 80_000, 18_000)).toBe(80_000)
  })

  it('PERCENTAGE takes its share, rounded down to the rupiah', () => {
    expect(voucherDiscount(percent(10, null), 250_000, 0)).toBe(25_000)
    // 15% of 99,999 is 14,999.85: the shopper gets 14,999.
    expect(voucherDiscount(percent(15, null), 99_999, 0)).toBe(14_999)
  })

  it('PERCENTAGE stops at its cap', () => {
    expect(voucherDiscount(percent(20, 75_000), 1_000_000, 0)).toBe(75_000)
    expect(voucherDiscount(percent(20, 75_000), 100_000, 0)).toBe(20_000)
  })

  it('PERCENTAGE of 100 takes the whole subtotal, never more', () => {
    expect(voucherDiscount(percent(100, null), 123_456, 18_000)).toBe(123_456)
    expect(() => voucherDiscount(percent(101, null), 100, 0)).toThrow(RangeError)
  })

  it('SHIPPING takes up to its amount off the delivery fare only', () => {
    expect(voucherDiscount(shipping(17_000), 300_000, 24_000)).toBe(17_000)
    expect(voucherDiscount(shipping(17_000), 300_000, 9_000)).toBe(9_000)
  })

  it('SHIPPING gives nothing before a courier is chosen', () => {
    expect(voucherDiscount(shipping(17_000), 300_000, 0)).toBe(0)
  })

  it('is whole rupiah for any input', () => {
    for (const subtotal of [1, 7, 333, 99_999, 1_234_567]) {
      expect(Number.isInteger(voucherDiscount(percent(33, null), subtotal, 0))).toBe(true)
    }
  })

  it('with the total: a discount never pushes the order below the fees', () => {
    const subtotal = 80_000
    const promo = voucherDiscount(fixed(100_000), subtotal, 18_000)
    expect(orderTotal({ subtotal, delivery: 18_000, packing: 0, payment_fee: 4_000, promo })).toBe(22_000)
  })
})

describe('voucher validity window (shop clock)', () => {
  it('is active between its ends, both inclusive', () => {
    expect(voucherWindow(CAMPAIGN_START, CAMPAIGN_START, CAMPAIGN_END)).toBe('active')
    expect(voucherWindow(CAMPAIGN_END, CAMPAIGN_START, CAMPAIGN_END)).toBe('active')
  })

  it('has expired one second after 23:59:59 WIB, whatever the UTC date says', () => {
    // 25 Aug 2024 23:59:59 WIB is 16:59:59 UTC the same day.
    expect(new Date(CAMPAIGN_END).toISOString()).toBe('2024-08-25T16:59:59.000Z')
    expect(voucherWindow(CAMPAIGN_END + 1000, CAMPAIGN_START, CAMPAIGN_END)).toBe('expired')
  })

  it('has not started before its start', () => {
    expect(voucherWindow(CAMPAIGN_START - 1, CAMPAIGN_START, CAMPAIGN_END)).toBe('not-started')
  })

  it('treats a missing end as open', () => {
    expect(voucherWindow(Date.parse('2099-01-01T00:00:00Z'), null, null)).toBe('active')
  })
})

describe('why a voucher is refused', () => {
  it('accepts a valid voucher', () => {
    expect(voucherRefusal(campaign50k, ok)).toBeNull()
  })

  it('PRM001 for an unknown code', () => {
    expect(voucherRefusal(null, ok)).toBe('PRM001')
  })

  it('PRM002 after its end, PRM003 before its start', () => {
    expect(voucherRefusal(campaign50k, { ...ok, now: CAMPAIGN_END + 1 })).toBe('PRM002')
    expect(voucherRefusal(campaign50k, { ...ok, now: CAMPAIGN_START - 1 })).toBe('PRM003')
  })

  it('PRM004 below the minimum purchase; the minimum itself passes', () => {
    expect(voucherRefusal(campaign50k, { ...ok, subtotal: 299_999 })).toBe('PRM004')
    expect(voucherRefusal(campaign50k, { ...ok, subtotal: 300_000 })).toBeNull()
  })

  it('PRM005 when every use is taken; no limit never runs out', () => {
    expect(voucherRefusal({ ...campaign50k, used_count: 100 }, ok)).toBe('PRM005')
    expect(voucherRefusal({ ...campaign50k, used_count: 99 }, ok)).toBeNull()
    expect(voucherRefusal({ ...campaign50k, usage_limit: null, used_count: 10 ** 6 }, ok)).toBeNull()
  })

  it('PRM006 when this customer used it already', () => {
    expect(voucherRefusal(campaign50k, { ...ok, usedByCustomer: true })).toBe('PRM006')
  })

  it('names the first reason: an expired voucher is expired even below the minimum', () => {
    expect(voucherRefusal(campaign50k, { ...ok, now: CAMPAIGN_END + 1, subtotal: 0 })).toBe('PRM002')
  })

  it('has a catalogue entry with a shopper message for every reason', () => {
    for (const code of ['PRM001', 'PRM002', 'PRM003', 'PRM004', 'PRM005', 'PRM006'] as const) {
      expect(errors[code].status).toBeGreaterThanOrEqual(400)
      expect(errors[code].message.length).toBeGreaterThan(10)
    }
    expect(PROMO_MESSAGES.belowMinimum(formatIdr(300_000)).en).toMatch(/Rp\s?300\.000$/)
  })
})

describe("a voucher's rules (decision 058)", () => {
  const line = { idBrand: 9, productCode: 'BSN-1', categoryIds: [3] }

  it('counts every line without brands, categories or products', () => {
    expect(voucherLineQualifies({}, line)).toBe(true)
    expect(voucherLineQualifies({ brands: [], categories: [], products: [] }, line)).toBe(true)
  })

  it('counts a line of one of its brands, categories or products, and no other', () => {
    expect(voucherLineQualifies({ brands: [9] }, line)).toBe(true)
    expect(voucherLineQualifies({ categories: [3] }, line)).toBe(true)
    expect(voucherLineQualifies({ products: ['BSN-1'] }, line)).toBe(true)
    expect(voucherLineQualifies({ brands: [5], categories: [4], products: ['BSN-2'] }, line)).toBe(false)
    expect(voucherLineQualifies({ brands: [5] }, { ...line, idBrand: null })).toBe(false)
  })

  it('PRM007 when no line counts, PRM008 when the lines that count are below the minimum', () => {
    const brand9 = { ...campaign50k, brands: [9] }
    expect(voucherRefusal(brand9, { ...ok, qualifyingLines: 0 })).toBe('PRM007')
    expect(voucherRefusal(brand9, { ...ok, qualifyingLines: 1, subtotal: 299_999 })).toBe('PRM008')
    expect(voucherRefusal(brand9, { ...ok, qualifyingLines: 1 })).toBeNull()
    expect(voucherRefusalMessage('PRM008', brand9).en).toMatch(/applies to is Rp\s?300\.000$/)
  })

  it('PRM009 for a first-order voucher and a customer with an order', () => {
    const first = { ...campaign50k, first_order_only: true }
    expect(voucherRefusal(first, { ...ok, hasOrders: true })).toBe('PRM009')
    expect(voucherRefusal(first, { ...ok, hasOrders: false })).toBeNull()
    expect(voucherRefusal(campaign50k, { ...ok, hasOrders: true })).toBeNull()
  })

  it('PRM006 past one use (the default), PRM010 past a larger per-customer limit, naming it', () => {
    expect(voucherRefusal(campaign50k, { ...ok, usesByCustomer: 1 })).toBe('PRM006')
    const twice = { ...campaign50k, per_customer_limit: 2 }
    expect(voucherRefusal(twice, { ...ok, usesByCustomer: 1 })).toBeNull()
    expect(voucherRefusal(twice, { ...ok, usesByCustomer: 2 })).toBe('PRM010')
    expect(voucherRefusalMessage('PRM010', twice)).toEqual({
      en: 'You have used this voucher 2 times, the most allowed per customer',
      id: 'Anda sudah menggunakan voucher ini 2 kali, batas maksimal per pelanggan',
    })
    for (const code of ['PRM007', 'PRM008', 'PRM009', 'PRM010'] as const) {
      expect(errors[code].status).toBeGreaterThanOrEqual(400)
      expect(errors[code].status).toBeLessThan(500)
    }
  })
})

describe('voucher codes', () => {
  it('are compared trimmed and upper-cased', () => {
    expect(normalizeVoucherCode('  hemat50 ')).toBe('HEMAT50')
    expect(VOUCHER_CODE_PATTERN.test('HEMAT50')).toBe(true)
    expect(VOUCHER_CODE_PATTERN.test('HE')).toBe(false)
    expect(VOUCHER_CODE_PATTERN.test("X' OR 1=1")).toBe(false)
  })
})

describe('guest contact (docs/product/shopping.md §5)', () => {
  it('needs a name', () => {
    expect(guestContactProblem({ name: '  ', email: 'a@b.co' }, false)).toBe('nameRequired')
    expect(CHECKOUT_MESSAGES.nameRequired.en).toBe('Please insert your name')
  })

  it('needs an e-mail only when the account needs one', () => {
    expect(guestContactProblem({ name: 'Sari', email: '' }, true)).toBe('emailRequired')
    expect(guestContactProblem({ name: 'Sari', email: '' }, false)).toBeNull()
  })

  it('checks the simple e-mail pattern', () => {
    expect(guestContactProblem({ name: 'Sari', email: 'sari@example.id' }, true)).toBeNull()
    expect(guestContactProblem({ name: 'Sari', email: 'sari@example' }, true)).toBe('emailInvalid')
    expect(CHECKOUT_MESSAGES.emailInvalid.en).toBe('Email is not valid.')
  })

  it("issue 26 item 16: checks the e-mail's format only when the account needs an e-mail, with the product's text", () => {
    // An account that needs no e-mail: whatever is typed passes, and the order goes without it.
    expect(guestContactProblem({ name: 'Sari', email: 'sari @x.id' }, false)).toBeNull()
    expect(guestContactProblem({ name: 'Sari', email: 'sari@example' }, false)).toBeNull()
    expect(guestEmailToSend(' sari@example ')).toBe('')
    expect(guestEmailToSend(' sari@example.id ')).toBe('sari@example.id')
    // An account that needs one: the format is checked and announced in the product's words.
    expect(guestContactProblem({ name: 'Sari', email: 'sari@example' }, true)).toBe('emailInvalid')
    expect(CHECKOUT_MESSAGES.emailCheck.en).toBe('Invalid email. Please check your email correctly.')
  })
})

describe('guest address and constants (docs/product/shopping.md §5 and 9)', () => {
  it('needs 30 characters, ends not counted', () => {
    expect(GUEST_ADDRESS_MIN_LENGTH).toBe(30)
    expect(isGuestAddressLongEnough('Jl. Melati No. 12, RT 03 RW 04')).toBe(true)
    expect(isGuestAddressLongEnough('  Jl. Melati No. 12, RT 03 RW 4  ')).toBe(false)
    expect(CHECKOUT_MESSAGES.addressTooShort.en).toMatch(/^The address cannot be less than 30 characters/)
  })

  it('ships from warehouse 1 and spells the product’s texts as docs/product does', () => {
    expect(CHECKOUT_WAREHOUSE_ID).toBe(1)
    expect(CHECKOUT_MESSAGES.deliveryRequired.en).toBe("You haven't selected a delivery method.")
    expect(CHECKOUT_MESSAGES.addressChanged.en).toBe('Succes Change Shipping Address')
  })
})

describe('phone masking (docs/product/shopping.md §5: last 4 digits)', () => {
  it('masks every digit but the last four', () => {
    expect(maskPhone('081234567890')).toBe('********7890')
  })

  it('keeps separators', () => {
    expect(maskPhone('0812-3456-7890')).toBe('****-****-7890')
  })

  it('leaves a short number as it is', () => {
    expect(maskPhone('7890')).toBe('7890')
    expect(maskPhone('')).toBe('')
  })
})

describe('checkout amounts (the summary and the order)', () => {
  const lines = [
    { price: 119_000, qty: 2 },
    { price: 250_000, qty: 1 },
  ]

  it('before any choice: the lines only', () => {
    expect(checkoutAmounts(lines, { delivery: null, payment_fee: 0, promo: 0 })).toEqual({
      subtotal: 488_000,
      delivery: 0,
      packing: 0,
      payment_fee: 0,
      promo: 0,
      total: 488_000,
    })
  })

  it('with a courier, a payment fee and a voucher', () => {
    const promo = voucherDiscount(fixed(50_000, 300_000), 488_000, 18_000)
    expect(
      checkoutAmounts(lines, { delivery: { tarif: 18_000, packing_fee: 2_000 }, payment_fee: 4_000, promo }),
    ).toMatchObject({ promo: 50_000, total: 462_000 })
  })

  it('caps a stale promo at what it can discount, so the shown discount is the one subtracted', () => {
    const amounts = checkoutAmounts([{ price: 10_000, qty: 1 }], {
      delivery: { tarif: 5_000, packing_fee: 1_000 },
      payment_fee: 0,
      promo: 50_000,
    })
    expect(amounts).toMatchObject({ promo: 15_000, total: 1_000 })
    expect(amounts.subtotal + amounts.delivery + amounts.packing + amounts.payment_fee - amounts.promo).toBe(
      amounts.total,
    )
  })

  it('shows a fee only when it is not 0', () => {
    expect(isFeeShown(0)).toBe(false)
    expect(isFeeShown(4_000)).toBe(true)
  })
})

describe('refusal messages', () => {
  it("names the minimum purchase for PRM004, in the shop's money format", () => {
    expect(voucherRefusalMessage('PRM004', campaign50k)).toEqual({
      en: `Minimum purchase for this voucher is ${formatIdr(300_000)}`,
      id: `Minimal pembelian untuk voucher ini adalah ${formatIdr(300_000)}`,
    })
  })

  it('gives the catalogue message for the others', () => {
    expect(voucherRefusalMessage('PRM001', null).en).toBe(errors.PRM001.message)
    expect(voucherRefusalMessage('PRM006', campaign50k)).toEqual({
      en: 'You have already used this voucher',
      id: 'Anda sudah pernah menggunakan voucher ini',
    })
  })

  it('reads the campaign window written in WIB', () => {
    expect(shopInstant('2024-08-25', '23:59:59')).toBe(CAMPAIGN_END)
  })
})

describe('guest shipping form (docs/product/shopping.md §5)', () => {
  const form = {
    province: '31',
    city: '31.71',
    destination_code: '31.71.01',
    village: '31.71.01.1001',
    penerima: 'Sari Wulandari',
    hp_penerima: '081234567890',
    alamat_lengkap: 'Jl. Melati No. 12, RT 03 RW 04, dekat masjid',
    kode_pos: '10110',
  }

  it('enables Save only with every select, recipient, phone and a 30-character address', () => {
    expect(canSaveGuestShipping(form)).toBe(true)
    expect(canSaveGuestShipping({ ...form, village: '' })).toBe(false)
    expect(canSaveGuestShipping({ ...form, hp_penerima: ' ' })).toBe(false)
    expect(canSaveGuestShipping({ ...form, alamat_lengkap: 'Jl. Melati No. 12' })).toBe(false)
  })

  it('names what stops checkout', () => {
    expect(guestShippingProblem(form)).toBeNull()
    expect(guestShippingProblem({ ...form, kode_pos: '' })).toBe('shippingRequired')
    expect(guestShippingProblem({ ...form, alamat_lengkap: 'Jl. Melati No. 12' })).toBe('addressTooShort')
    expect(CHECKOUT_MESSAGES.shippingRequired.en).toBe('Please filled and saved your shipping information')
  })
})

describe('paymentFee', () => {
  it('adds the flat part and the percentage rounded up to the rupiah', () => {
    expect(paymentFee({ fee_flat: 4000, fee_percent_bp: 0 }, 250_000)).toBe(4000)
    // 0.7 % of 123 457 is 864.199: the shop pays the provider 865.
    expect(paymentFee({ fee_flat: 0, fee_percent_bp: 70 }, 123_457)).toBe(865)
    expect(paymentFee({ fee_flat: 0, fee_percent_bp: 200 }, 100_000)).toBe(2000)
    expect(paymentFee({ fee_flat: 1000, fee_percent_bp: 100 }, 50_001)).toBe(1501)
  })
  it('is 0 for nothing to pay, and refuses fractions', () => {
    expect(paymentFee({ fee_flat: 4000, fee_percent_bp: 70 }, 0)).toBe(0)
    expect(() => paymentFee({ fee_flat: 0, fee_percent_bp: 70 }, 10.5)).toThrow(RangeError)
  })
})
