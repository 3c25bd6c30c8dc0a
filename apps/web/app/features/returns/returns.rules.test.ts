import { describe, expect, it } from 'vitest'
import { CreateReturnBodySchema, type ReturnOptions } from '@busana/contract/schemas'
import {
  accountNeeded,
  draftProblems,
  emptyDraft,
  exchangeableLines,
  markRefundReported,
  notReturnableNote,
  photosNeeded,
  pickableLines,
  refusalField,
  requestBody,
  returnDay,
  waybillProblems,
  type ReturnDraft,
} from './returns.rules.ts'

const line = (sku: string, overrides: Partial<ReturnOptions['lines'][number]> = {}) => ({
  sku_product: sku,
  product_code: 'PRP-1',
  product_master_name: 'Kemeja Linen',
  ukuran: sku.split('-').pop()!,
  url_image: '/media/p/1.webp',
  quantity: 2,
  harga_jual: 199_000,
  returnable_qty: 2,
  final_sale: false,
  is_bundling: false,
  exchange_sizes: [
    { sku_product: 'PRP-1-M', ukuran: 'M' },
    { sku_product: 'PRP-1-L', ukuran: 'L' },
  ],
  ...overrides,
})

const options = {
  id_sales_header: '0b7e4c1e-2f0a-4f5e-9a55-1f2d3c4b5a69',
  refund_method: 'BANK_TRANSFER' as const,
  lines: [
    line('PRP-1-S'),
    line('PRP-2-ALL', { final_sale: true, returnable_qty: 0, exchange_sizes: [] }),
    line('PRP-3-ALL', { quantity: 1, returnable_qty: 1, exchange_sizes: [] }),
  ],
}

const withLine = (draft: ReturnDraft, sku: string, change: Partial<ReturnDraft['lines'][string]>) => ({
  ...draft,
  lines: { ...draft.lines, [sku]: { ...draft.lines[sku]!, ...change } },
})

const account = { bank: 'BCA', number: '1234 5678 90', holder: 'Siti Aminah' }

describe('the lines a request offers', () => {
  it('a refund offers every line with units left, never a final-sale one; an exchange only lines with another size', () => {
    expect(pickableLines(options.lines).map((l) => l.sku_product)).toEqual(['PRP-1-S', 'PRP-3-ALL'])
    expect(exchangeableLines(options.lines).map((l) => l.sku_product)).toEqual(['PRP-1-S'])
  })
})

describe('draftProblems', () => {
  it('an empty draft asks for a piece', () => {
    expect(draftProblems(emptyDraft(options.lines), { ...options, refund_method: 'PROVIDER' })).toEqual({
      lines: 'noLines',
    })
  })

  it('a chosen piece needs a reason, a transfer refund the account, a DEFECT a photo', () => {
    let draft = withLine(emptyDraft(options.lines), 'PRP-1-S', { qty: 1 })
    expect(draftProblems(draft, options)).toMatchObject({
      'line:PRP-1-S:reason': 'reason',
      'account:bank': 'bank',
      'account:number': 'accountNumber',
      'account:holder': 'holder',
    })
    draft = { ...withLine(draft, 'PRP-1-S', { reason: 'DEFECT' }), account }
    expect(photosNeeded(draft, options.lines)).toBe(true)
    expect(draftProblems(draft, options)).toEqual({ photos: 'photos' })
    draft = { ...draft, photos: [new File(['x'], 'a.png', { type: 'image/png' })] }
    expect(draftProblems(draft, options)).toEqual({})
  })

  it('TOO_SMALL needs no photo; a provider refund needs no account', () => {
    const draft = withLine(emptyDraft(options.lines), 'PRP-3-ALL', { qty: 1, reason: 'TOO_SMALL' })
    expect(photosNeeded(draft, options.lines)).toBe(false)
    expect(accountNeeded(draft, { refund_method: 'PROVIDER' })).toBe(false)
    expect(draftProblems(draft, { ...options, refund_method: 'PROVIDER' })).toEqual({})
  })

  it('more units than are left is refused, and an exchange needs one of the offered sizes', () => {
    let draft: ReturnDraft = {
      ...withLine(emptyDraft(options.lines), 'PRP-1-S', { qty: 3, reason: 'TOO_SMALL' }),
      resolution: 'EXCHANGE',
    }
    expect(draftProblems(draft, options)).toEqual({
      'line:PRP-1-S:qty': 'tooMany',
      'line:PRP-1-S:exchange': 'exchangeSize',
    })
    draft = withLine(draft, 'PRP-1-S', { qty: 2, exchangeSku: 'PRP-9-XL' })
    expect(draftProblems(draft, options)).toEqual({ 'line:PRP-1-S:exchange': 'exchangeSize' })
    draft = withLine(draft, 'PRP-1-S', { exchangeSku: 'PRP-1-M' })
    // An exchange asks for no bank account.
    expect(draftProblems(draft, options)).toEqual({})
  })

  it('a bad account number is refused as the API would', () => {
    const draft = {
      ...withLine(emptyDraft(options.lines), 'PRP-3-ALL', { qty: 1, reason: 'TOO_BIG' as const }),
      account: { ...account, number: '12a45' },
    }
    expect(draftProblems(draft, options)).toEqual({ 'account:number': 'accountNumber' })
  })
})

describe('requestBody', () => {
  it('a refund: the chosen lines, the account without spaces, the note; the contract schema accepts it', () => {
    const draft = {
      ...withLine(emptyDraft(options.lines), 'PRP-1-S', { qty: 2, reason: 'CHANGED_MIND' as const }),
      account,
      note: '  Too warm for me  ',
    }
    const body = requestBody(draft, options)
    expect(body).toEqual({
      id_sales_header: options.id_sales_header,
      resolution: 'REFUND',
      lines: [{ sku_product: 'PRP-1-S', qty: 2, reason: 'CHANGED_MIND' }],
      refund_account: { bank: 'BCA', number: '1234567890', holder: 'Siti Aminah' },
      note: 'Too warm for me',
    })
    expect(CreateReturnBodySchema.safeParse(body).success).toBe(true)
  })

  it('an exchange: exchange_sku on every line, no account, lines not offered for an exchange left out', () => {
    let draft: ReturnDraft = { ...emptyDraft(options.lines), resolution: 'EXCHANGE', account }
    draft = withLine(draft, 'PRP-1-S', { qty: 1, reason: 'TOO_SMALL', exchangeSku: 'PRP-1-M' })
    draft = withLine(draft, 'PRP-3-ALL', { qty: 1, reason: 'TOO_SMALL' })
    const body = requestBody(draft, options)
    expect(body).toEqual({
      id_sales_header: options.id_sales_header,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: 'PRP-1-S', qty: 1, reason: 'TOO_SMALL', exchange_sku: 'PRP-1-M' }],
    })
    expect(CreateReturnBodySchema.safeParse(body).success).toBe(true)
  })
})

describe('refusalField', () => {
  it('puts the photo, account and line codes by their fields, the rest on top', () => {
    expect(refusalField('RET006')).toBe('photos')
    expect(refusalField('RET007')).toBe('account')
    expect(refusalField('RET008')).toBe('lines')
    expect(refusalField('RET005')).toBe('lines')
    expect(refusalField('RET003')).toBe('form')
    expect(refusalField(undefined)).toBe('form')
  })
})

describe('waybillProblems', () => {
  it('asks for a courier code and a waybill as couriers print them', () => {
    expect(waybillProblems('JNE', 'JNE000111222333')).toEqual({})
    expect(waybillProblems('', 'x')).toEqual({ courier: 'courier', waybill: 'waybill' })
  })
})

describe('notReturnableNote', () => {
  const base = { returnable: false, returnable_until: null, not_returnable_reason: 'Not delivered yet' }
  const now = Date.parse('2026-12-20T00:00:00+07:00')
  it('says nothing before delivery or while returnable', () => {
    expect(notReturnableNote(base, now)).toBeNull()
    expect(
      notReturnableNote({ ...base, returnable: true, returnable_until: '2026-12-25T10:00:00+07:00' }, now),
    ).toBeNull()
  })
  it("says when the window closed, else the API's words", () => {
    expect(notReturnableNote({ ...base, returnable_until: '2026-12-12T10:00:00+07:00' }, now)).toEqual({
      closedOn: '2026-12-12T10:00:00+07:00',
    })
    expect(
      notReturnableNote(
        { ...base, returnable_until: '2026-12-25T10:00:00+07:00', not_returnable_reason: 'All returned' },
        now,
      ),
    ).toEqual({ text: 'All returned' })
  })
  it('formats the day in the shop time and the page language', () => {
    expect(returnDay('2026-12-12T23:30:00+07:00', 'en')).toBe('12 Dec 2026')
    expect(returnDay('2026-12-12T23:30:00+07:00', 'id')).toBe('12 Des 2026')
  })
})

describe('markRefundReported', () => {
  it('once per return in this browser', () => {
    window.localStorage.clear()
    expect(markRefundReported('RTN-261201-ABCDEFGH')).toBe(true)
    expect(markRefundReported('RTN-261201-ABCDEFGH')).toBe(false)
    expect(JSON.parse(window.localStorage.getItem('busana-refunds-reported')!)).toEqual([
      'RTN-261201-ABCDEFGH',
    ])
    expect(markRefundReported('RTN-261201-ABCDEFGJ')).toBe(true)
  })
})
