import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { and, eq, sql } from 'drizzle-orm'
import type { Return, ReturnOptions, StaffReturn } from '@busana/contract/schemas'
import {
  addBundleOptions,
  createOrder,
  createPaymentMethod,
  createProduct,
  setStock,
} from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import {
  orderUpdates,
  returnEvents,
  returns,
  salesHeaders,
  salesLines,
  stockLevels,
} from '../../db/schema/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { deliverOrder } from '../orders/fulfilment.ts'
import { closeSettledReturns } from './close.ts'
import { settleOrderEvents } from '../order-updates/order-updates.fixtures.ts'

/**
 * Returns and exchanges through HTTP (issue 40): every state, every refusal, the hold and release of
 * an exchange's size, stock back on receipt (DEFECT to not-for-sale), the money with a voucher, a
 * provider refund through the sandbox, and moves pressed twice at once happening once.
 */

let o: Ops
let gopayId: number
const SHIRT = 'RTN-SHIRT'
const FINAL = 'RTN-FINAL'

beforeAll(async () => {
  o = await opsWorld()
  gopayId = (await createPaymentMethod(o.db(), { code: 'gopay', name: 'GoPay', category: 'E-WALLET' })).id
  await createProduct(o.db(), {
    productCode: SHIRT,
    idBrand: 9,
    sellingPrice: 200_000,
    sizes: [
      { ukuran: 'S', stock: 20 },
      { ukuran: 'M', stock: 20 },
      { ukuran: 'L', stock: 3 },
      { ukuran: 'XL', stock: 0 },
    ],
  })
  await createProduct(o.db(), { productCode: FINAL, idBrand: 9, sellingPrice: 150_000, finalSale: true })
})
afterAll(async () => {
  await o?.t.close()
})

const buyer = (path: string, token: string, method: 'GET' | 'POST' = 'GET', body?: object) =>
  o.t.app.inject({
    method,
    url: `/api/v1/member/returns${path}${path.includes('?') ? '&' : '?'}token=${token}`,
    headers: { 'x-brand-id': '9', 'accept-language': 'en' },
    ...(body ? { payload: body } : {}),
  })
const staff = (path: string, body?: object, token = o.tokens.owner) =>
  o.call(body ? 'POST' : 'GET', `/returns${path}`, { token, body })

/** A member's order of `qty` of a sku, paid (BCA VA unless told), shipped and delivered. */
async function deliveredOrder(
  sku: Parameters<Ops['placeOrder']>[1],
  qty = 1,
  extra: object = {},
  code = SHIRT,
) {
  const order = await o.placeOrder(code, sku, qty, extra)
  await o.pay(order)
  const ship = await o.call('POST', `/orders/${order.number}/ship`, {
    token: o.tokens.owner,
    body: { no_resi: `JP${randomUUID().replace(/-/g, '').slice(0, 12)}` },
  })
  expect(ship.statusCode, ship.body).toBe(200)
  const deliver = await o.call('POST', `/orders/${order.number}/deliver`, { token: o.tokens.owner, body: {} })
  expect(deliver.statusCode, deliver.body).toBe(200)
  return order
}

const account = { bank: 'BCA', number: '1234 5678 90', holder: 'Sari Wulandari' }

/** A refund of one unit of `sku` of an order to the buyer's bank account. */
const refundOfOne = (idSalesHeader: string, sku: string, reason: string) => ({
  id_sales_header: idSalesHeader,
  resolution: 'REFUND',
  refund_account: account,
  lines: [{ sku_product: sku, qty: 1, reason }],
})

/** The return options of an order, as its buyer reads them. */
const optionsOf = async (order: { id: string; member: { token: string } }) =>
  (await buyer(`/options/${order.id}`, order.member.token)).json().data as ReturnOptions

async function request(token: string, body: object) {
  const res = await buyer('', token, 'POST', body)
  return res
}

async function created(token: string, body: object): Promise<string> {
  const res = await request(token, body)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().data.status).toBe('REQUESTED')
  return res.json().data.return_number as string
}

const stockRow = async (sku: string, warehouse = 1) => {
  const [row] = await o
    .db()
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.skuProduct, sku), eq(stockLevels.idWarehouse, warehouse)))
  return row
}

const eventsOf = async (number: string) => {
  const [row] = await o.db().select({ id: returns.id }).from(returns).where(eq(returns.returnNumber, number))
  return o.db().select().from(returnEvents).where(eq(returnEvents.idReturn, row!.id))
}

/** The return's messages, once the events of its moves so far have been handed to order updates. */
const messagesOf = async (number: string) => {
  await settleOrderEvents(o.db())
  return o
    .db()
    .select({ moment: orderUpdates.moment, channel: orderUpdates.channel })
    .from(orderUpdates)
    .where(eq(orderUpdates.ref, number))
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
    .png()
    .toBuffer()
}

function multipartBody(fields: Record<string, string>, files: Record<string, Buffer>) {
  const boundary = `----busana${randomUUID()}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const [name, bytes] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

type MultipartForm = ReturnType<typeof multipartBody>

/** A return request sent as a multipart form by the member whose token it is. */
const postForm = (token: string, form: MultipartForm) =>
  o.t.app.inject({
    method: 'POST',
    url: `/api/v1/member/returns?token=${token}`,
    headers: { 'x-brand-id': '9', 'content-type': form.contentType },
    payload: form.payload,
  })

describe('asking for a return', () => {
  it('offers a delivered order line by line, with the sizes an exchange can take, and refuses one not delivered', async () => {
    const open = await o.placeOrder(SHIRT, `${SHIRT}-M`, 1)
    const before = await buyer(`/options/${open.id}`, open.member.token)
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json().data).toMatchObject({ returnable: false, returnable_until: null })
    expect(
      (await request(open.member.token, refundOfOne(open.id, `${SHIRT}-M`, 'TOO_BIG'))).json().code,
    ).toBe('RET002')

    const order = await deliveredOrder(`${SHIRT}-M`, 2)
    const res = await buyer(`/options/${order.id}`, order.member.token)
    const options = res.json().data as ReturnOptions
    expect(options).toMatchObject({ returnable: true, window_days: 7, refund_method: 'BANK_TRANSFER' })
    expect(options.lines[0]).toMatchObject({
      sku_product: `${SHIRT}-M`,
      quantity: 2,
      returnable_qty: 2,
      final_sale: false,
    })
    // XL is sold out, M is the line's own size: neither is offered.
    expect(options.lines[0]!.exchange_sizes.map((s) => s.ukuran)).toEqual(['S', 'L'])
  })

  it("answers 404 RET001 for another shopper's order and return, and for numbers that are none", async () => {
    const order = await deliveredOrder(`${SHIRT}-M`)
    const number = await created(order.member.token, refundOfOne(order.id, `${SHIRT}-M`, 'TOO_BIG'))
    const stranger = await createSignedInMember(o.db())
    for (const res of [
      await buyer(`/options/${order.id}`, stranger.token),
      await buyer(`/${number}`, stranger.token),
      await buyer(`/${number}/cancel`, stranger.token, 'POST'),
      await request(stranger.token, refundOfOne(order.id, `${SHIRT}-M`, 'TOO_BIG')),
      await buyer('/RTN-000000-XXXXXXXX', order.member.token),
      await buyer('/not-a-number', order.member.token),
    ]) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().code).toBe('RET001')
    }
    const list = await buyer('', stranger.token)
    expect(list.json().data).toEqual([])
  })

  it('refuses what the rules forbid, each with its code, and writes nothing', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`, 2)
    const base = { id_sales_header: order.id, resolution: 'REFUND', refund_account: account }
    const cases: [object, number, string][] = [
      [{ ...base, lines: [{ sku_product: `${SHIRT}-S`, qty: 3, reason: 'TOO_BIG' }] }, 422, 'RET005'],
      [{ ...base, lines: [{ sku_product: `${SHIRT}-L`, qty: 1, reason: 'TOO_BIG' }] }, 422, 'RET005'],
      [{ ...base, lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'DEFECT' }] }, 422, 'RET006'],
      [
        {
          ...base,
          refund_account: undefined,
          lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'TOO_BIG' }],
        },
        422,
        'RET007',
      ],
      [
        {
          ...base,
          resolution: 'EXCHANGE',
          lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${SHIRT}-XL` }],
        },
        409,
        'RET008',
      ],
      [{ ...base, lines: [{ sku_product: `${SHIRT}-S`, qty: 0, reason: 'TOO_BIG' }] }, 400, 'REQ001'],
      [{ ...base, lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'BORED' }] }, 400, 'REQ001'],
      [
        {
          ...base,
          resolution: 'EXCHANGE',
          lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'TOO_SMALL' }],
        },
        400,
        'REQ001',
      ],
    ]
    for (const [body, status, code] of cases) {
      const res = await request(order.member.token, body)
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status)
      expect(res.json().code).toBe(code)
    }
    expect(await o.db().select().from(returns).where(eq(returns.idSalesHeader, order.id))).toEqual([])

    // Final sale: the line cannot be returned, and the options say so.
    const final = await deliveredOrder(`${FINAL}-M`, 1, {}, FINAL)
    const refused = await request(final.member.token, refundOfOne(final.id, `${FINAL}-M`, 'CHANGED_MIND'))
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('RET004')
    const options = await optionsOf(final)
    expect(options.lines[0]).toMatchObject({ final_sale: true, returnable_qty: 0 })
    expect(options.returnable).toBe(false)
  })

  it('closes the window days after delivery (409 RET003)', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`)
    await o
      .db()
      .update(salesHeaders)
      .set({ deliveredAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(salesHeaders.idSalesHeader, order.id))
    const res = await request(order.member.token, refundOfOne(order.id, `${SHIRT}-S`, 'TOO_BIG'))
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('RET003')
    const options = await optionsOf(order)
    expect(options.returnable).toBe(false)
    expect(options.not_returnable_reason).toContain('closed')
  })

  it('never returns more units than bought: eight parallel requests for the last unit give one', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`)
    const body = refundOfOne(order.id, `${SHIRT}-S`, 'TOO_BIG')
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(order.member.token, body)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.json().code === 'RET005')).toHaveLength(7)
  })

  it('takes photos as multipart, re-encoded, and requires them for a defect', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`)
    const form = multipartBody(
      {
        id_sales_header: order.id,
        resolution: 'REFUND',
        lines: JSON.stringify([{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'DEFECT' }]),
        refund_account: JSON.stringify(account),
        note: 'The seam is open',
      },
      { img1: await png() },
    )
    const res = await postForm(order.member.token, form)
    expect(res.statusCode, res.body).toBe(200)
    const view = (await buyer(`/${res.json().data.return_number}`, order.member.token)).json().data as Return
    expect(view.photos).toHaveLength(1)
    const photo = await o.t.app.inject({ method: 'GET', url: view.photos[0]! })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/webp')
    expect(view.note).toBe('The seam is open')
    expect(view.refund).toMatchObject({
      method: 'BANK_TRANSFER',
      state: 'estimate',
      account: { bank: 'BCA', holder: 'Sari Wulandari' },
    })
    expect(view.refund!.account!.number).toMatch(/^•+7890$/)
  })
})

describe('a request as an attacker sends it', () => {
  it('answers 4xx for broken forms, never 500, and stores nothing', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`)
    const post = (form: MultipartForm) => postForm(order.member.token, form)
    const base = {
      id_sales_header: order.id,
      resolution: 'REFUND',
      refund_account: JSON.stringify(account),
    }
    const line = JSON.stringify([{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'DEFECT' }])
    const cases: [MultipartForm, number][] = [
      [multipartBody({ ...base, lines: '[{not json' }, {}), 400],
      [multipartBody({ ...base, lines: line, role: 'owner' }, {}), 400],
      [multipartBody({ ...base, lines: line }, { img4: await png() }), 422],
      [multipartBody({ ...base, lines: line }, { img1: Buffer.from('<?php echo 1; ?>') }), 415],
      [
        multipartBody(
          {
            ...base,
            lines: JSON.stringify(
              Array.from({ length: 60 }, () => ({ sku_product: 'X', qty: 1, reason: 'TOO_BIG' })),
            ),
          },
          {},
        ),
        400,
      ],
    ]
    for (const [form, status] of cases) {
      const res = await post(form)
      expect(res.statusCode, res.body).toBe(status)
    }
    const json = await o.t.app.inject({
      method: 'POST',
      url: `/api/v1/member/returns?token=${order.member.token}`,
      headers: { 'x-brand-id': '9', 'content-type': 'application/json' },
      payload: '{"id_sales_header": ',
    })
    expect(json.statusCode).toBe(400)
    expect(await o.db().select().from(returns).where(eq(returns.idSalesHeader, order.id))).toEqual([])
  })
})

describe('a refund by bank transfer, end to end', () => {
  it('approves, takes the waybill, receives what arrived, and records the transfer: each once, with messages', async () => {
    const order = await deliveredOrder(`${SHIRT}-M`, 2)
    const number = await created(order.member.token, {
      id_sales_header: order.id,
      resolution: 'REFUND',
      refund_account: account,
      lines: [{ sku_product: `${SHIRT}-M`, qty: 2, reason: 'TOO_SMALL' }],
    })
    expect((await buyer(`/${number}/tracking`, order.member.token)).json().code).toBe('TRK002')
    // Before receipt the list shows the estimate: two units of 200,000.
    const queued = (await staff(`?q=${number}`)).json().data
    expect(queued).toMatchObject([
      { return_number: number, refund_amount: 400_000, units: 2, parcel_sent: false },
    ])
    const early = await buyer(`/${number}/waybill`, order.member.token, 'POST', {
      courier: 'jne',
      no_resi: 'JNE1234567',
    })
    expect(early.json().code).toBe('RET009')

    // Approve pressed three times at once: one move, one event.
    const approvals = await Promise.all(
      [1, 2, 3].map(() => staff(`/${number}/approve`, {}, o.tokens.support)),
    )
    for (const a of approvals) expect(a.statusCode, a.body).toBe(200)
    expect((await eventsOf(number)).filter((e) => e.toStatus === 'APPROVED')).toHaveLength(1)

    const cancel = await buyer(`/${number}/cancel`, order.member.token, 'POST')
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().code).toBe('RET009')

    const sent = await buyer(`/${number}/waybill`, order.member.token, 'POST', {
      courier: 'jne',
      no_resi: 'jne1234567',
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const afterSend = sent.json().data as Return
    expect(afterSend.buyer_parcel).toMatchObject({ courier: 'jne', no_resi: 'JNE1234567' })
    expect(afterSend.ship_to?.address).toContain('Jakarta')

    const onHand = (await stockRow(`${SHIRT}-M`))?.onHand ?? 0
    const bad = await staff(
      `/${number}/receive`,
      { lines: [{ sku_product: `${SHIRT}-M`, accepted_qty: 1 }] },
      o.tokens.warehouse,
    )
    expect(bad.statusCode).toBe(422)
    expect(bad.json().code).toBe('RET010')
    const receipts = await Promise.all(
      [1, 2].map(() =>
        staff(
          `/${number}/receive`,
          {
            lines: [
              { sku_product: `${SHIRT}-M`, accepted_qty: 1, not_accepted_reason: 'Worn, the tag is cut' },
            ],
          },
          o.tokens.warehouse,
        ),
      ),
    )
    for (const r of receipts) expect(r.statusCode, r.body).toBe(200)
    const received = receipts[0]!.json().data as StaffReturn
    expect(received.status).toBe('RECEIVED')
    expect(received.lines[0]).toMatchObject({
      accepted_qty: 1,
      id_warehouse: 1,
      not_accepted_reason: 'Worn, the tag is cut',
    })
    expect((await stockRow(`${SHIRT}-M`))!.onHand).toBe(onHand + 1)
    await o.expectInvariant(`${SHIRT}-M`)
    // One unit of 200,000 (no voucher); the delivery fee is not refunded for TOO_SMALL.
    expect(received.refund).toMatchObject({
      amount: 200_000,
      delivery_fee: 0,
      state: 'pending',
      method: 'BANK_TRANSFER',
    })
    // The account is the owner's to see (the transfer is theirs to make), masked for the others.
    expect(received.refund_account).toBeNull()
    expect((await staff(`/${number}`)).json().data.refund_account).toMatchObject({ number: '1234567890' })

    const forbidden = await staff(`/${number}/refund`, { reference: 'TRF-001' }, o.tokens.support)
    expect(forbidden.statusCode).toBe(403)
    const noReference = await staff(`/${number}/refund`, {})
    expect(noReference.json().code).toBe('RET011')
    const refunds = await Promise.all(
      [1, 2, 3].map(() => staff(`/${number}/refund`, { reference: 'TRF-0001' })),
    )
    for (const r of refunds) expect(r.statusCode, r.body).toBe(200)
    const refunded = refunds[0]!.json().data as StaffReturn
    expect(refunded).toMatchObject({
      status: 'REFUNDED',
      refund: { state: 'done', reference: 'TRF-0001', amount: 200_000 },
    })
    expect((await eventsOf(number)).map((e) => e.toStatus)).toEqual([
      'REQUESTED',
      'APPROVED',
      'RECEIVED',
      'REFUNDED',
    ])
    const moments = (await messagesOf(number)).map((m) => `${m.moment}:${m.channel}`).sort()
    expect(moments).toEqual(
      ['return_approved', 'return_received', 'return_refunded']
        .flatMap((m) => [`${m}:EMAIL`, `${m}:WHATSAPP`])
        .sort(),
    )
    const audit = await o
      .db()
      .execute(sql`select action from staff_audit_log where target_id = ${number} order by id`)
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'return.approve',
      'return.receive',
      'return.refund',
    ])

    // The buyer sees it on the order and in the list; the unit not accepted cannot be asked again.
    const options = await optionsOf(order)
    expect(options.returns.map((r) => r.return_number)).toEqual([number])
    expect(options.lines[0]!.returnable_qty).toBe(0)
  })

  it('rejects with a reason, and the buyer may cancel only before approval', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`, 2)
    const body = refundOfOne(order.id, `${SHIRT}-S`, 'CHANGED_MIND')
    const first = await created(order.member.token, body)
    const rejected = await staff(`/${first}/reject`, { reason: 'Worn and washed' })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', reject_reason: 'Worn and washed' })
    expect((await staff(`/${first}/approve`, {})).json().code).toBe('RET009')
    expect((await messagesOf(first)).map((m) => m.moment)).toContain('return_rejected')

    const second = await created(order.member.token, body)
    const cancelled = await Promise.all(
      [1, 2].map(() => buyer(`/${second}/cancel`, order.member.token, 'POST')),
    )
    for (const c of cancelled) expect(c.json().data).toMatchObject({ status: 'CANCELLED', can_cancel: false })
    expect((await eventsOf(second)).filter((e) => e.toStatus === 'CANCELLED')).toHaveLength(1)
    expect((await staff(`/${second}/approve`, {})).json().code).toBe('RET009')
  })
})

describe('an exchange for another size', () => {
  it('holds the new size from approval, takes the old one back, and ships the held one', async () => {
    const order = await deliveredOrder(`${SHIRT}-M`)
    const number = await created(order.member.token, {
      id_sales_header: order.id,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: `${SHIRT}-M`, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${SHIRT}-L` }],
    })
    const view = (await buyer(`/${number}`, order.member.token)).json().data as Return
    expect(view).toMatchObject({ resolution: 'EXCHANGE', refund: null, lines: [{ exchange_ukuran: 'L' }] })

    const lBefore = await o.s.stockOf(`${SHIRT}-L`)
    await Promise.all([1, 2].map(() => staff(`/${number}/approve`, {})))
    expect(await o.s.stockOf(`${SHIRT}-L`)).toBe(lBefore - 1)
    const held = await o.expectInvariant(`${SHIRT}-L`)
    expect((await staff(`/${number}`)).json().data.lines[0].held_qty).toBe(1)

    const mBefore = await o.s.stockOf(`${SHIRT}-M`)
    const received = await staff(`/${number}/receive`, {
      lines: [{ sku_product: `${SHIRT}-M`, accepted_qty: 1 }],
    })
    expect(received.json().data.status).toBe('RECEIVED')
    expect(await o.s.stockOf(`${SHIRT}-M`)).toBe(mBefore + 1)

    const ships = await Promise.all(
      [1, 2].map(() => staff(`/${number}/ship`, { no_resi: 'JX-EXCH-0001', courier: 'jne' })),
    )
    for (const s of ships) expect(s.statusCode, s.body).toBe(200)
    const shipped = ships[0]!.json().data as StaffReturn
    expect(shipped).toMatchObject({
      status: 'EXCHANGE_SHIPPED',
      exchange_parcel: { no_resi: 'JX-EXCH-0001' },
    })
    expect(shipped.lines[0]!.held_qty).toBe(0)
    // The buyer follows the new size's parcel from the return's page.
    expect(shipped.exchange_parcel!.tracking_link).toBe(`/member/returns/${number}`)
    const tracking = await buyer(`/${number}/tracking`, order.member.token)
    expect(tracking.statusCode, tracking.body).toBe(200)
    expect(tracking.json().tracking).toMatchObject({ no_resi: 'JX-EXCH-0001', courier: 'JNE' })
    expect(tracking.json().data.at(-1).keterangan).toContain('JX-EXCH-0001')
    const stranger = await createSignedInMember(o.db())
    expect((await buyer(`/${number}/tracking`, stranger.token)).json().code).toBe('RET001')
    // The held unit left the warehouse: on_hand down by one, the shop's stock unmoved.
    expect(await o.s.stockOf(`${SHIRT}-L`)).toBe(lBefore - 1)
    const after = await o.expectInvariant(`${SHIRT}-L`)
    expect(after.on_hand).toBe(held.on_hand - 1)
    expect((await messagesOf(number)).map((m) => m.moment)).toContain('exchange_shipped')
    expect((await staff(`/${number}/refund`, { reference: 'X-1' })).json().code).toBe('RET009')

    // Two weeks later the settled return closes, once, whoever runs the job.
    const later = Date.now() + 15 * 24 * 60 * 60 * 1000
    const closed = await Promise.all([closeSettledReturns(o.db(), later), closeSettledReturns(o.db(), later)])
    expect(closed[0]! + closed[1]!).toBeGreaterThanOrEqual(1)
    expect((await staff(`/${number}`)).json().data.status).toBe('CLOSED')
    expect((await eventsOf(number)).filter((e) => e.toStatus === 'CLOSED')).toHaveLength(1)
  })

  it('releases the hold when nothing acceptable arrives, and refuses an approval once the size is gone', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`, 2)
    const number = await created(order.member.token, {
      id_sales_header: order.id,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${SHIRT}-M` }],
    })
    const before = await o.s.stockOf(`${SHIRT}-M`)
    await staff(`/${number}/approve`, {})
    expect(await o.s.stockOf(`${SHIRT}-M`)).toBe(before - 1)
    const closed = await staff(`/${number}/receive`, {
      lines: [{ sku_product: `${SHIRT}-S`, accepted_qty: 0, not_accepted_reason: 'Another shop’s shirt' }],
    })
    expect(closed.json().data.status).toBe('CLOSED')
    expect(await o.s.stockOf(`${SHIRT}-M`)).toBe(before)
    await o.expectInvariant(`${SHIRT}-M`)

    // Asked while L had stock; it sold out before approval: 409 RET008 and nothing changes.
    const second = await created(order.member.token, {
      id_sales_header: order.id,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${SHIRT}-L` }],
    })
    const left = await o.s.stockOf(`${SHIRT}-L`)
    await setStock(o.db(), `${SHIRT}-L`, 0)
    const refused = await staff(`/${second}/approve`, {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('RET008')
    expect((await staff(`/${second}`)).json().data.status).toBe('REQUESTED')
    await setStock(o.db(), `${SHIRT}-L`, left)
  })
})

describe('money and stock on receipt', () => {
  it('puts a defective unit in the not-for-sale count, refunds the delivery fee with it, and pays an e-wallet back through the provider once', async () => {
    const order = await deliveredOrder(`${SHIRT}-S`, 1, { id_payment: gopayId })
    const form = multipartBody(
      {
        id_sales_header: order.id,
        resolution: 'REFUND',
        lines: JSON.stringify([{ sku_product: `${SHIRT}-S`, qty: 1, reason: 'DEFECT' }]),
      },
      { img1: await png() },
    )
    const res = await postForm(order.member.token, form)
    expect(res.statusCode, res.body).toBe(200)
    const number = res.json().data.return_number as string
    await staff(`/${number}/approve`, {})
    const before = await stockRow(`${SHIRT}-S`)
    const stockBefore = await o.s.stockOf(`${SHIRT}-S`)
    const received = await staff(`/${number}/receive`, {
      lines: [{ sku_product: `${SHIRT}-S`, accepted_qty: 1 }],
    })
    expect(received.statusCode, received.body).toBe(200)
    const view = received.json().data as StaffReturn
    const [header] = await o.db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order.id))
    // Paid by GoPay: refunded by the provider at once, the line and the delivery fee.
    expect(view).toMatchObject({
      status: 'REFUNDED',
      refund: {
        method: 'PROVIDER',
        state: 'done',
        amount: 200_000 + header!.biayaKirim,
        delivery_fee: header!.biayaKirim,
      },
    })
    expect(view.refund!.reference).toBeTruthy()
    const after = await stockRow(`${SHIRT}-S`)
    expect(after!.notForSale).toBe((before?.notForSale ?? 0) + 1)
    expect(await o.s.stockOf(`${SHIRT}-S`)).toBe(stockBefore)
    await o.expectInvariant(`${SHIRT}-S`)
    // Pressed again: nothing more is refunded.
    const again = await staff(`/${number}/refund`, {})
    expect(again.json().data.refund.state).toBe('done')
    const refunds = await o
      .db()
      .execute(sql`select count(*)::int as n from payment_refunds where refund_key = ${number}`)
    expect((refunds as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
  })

  it('splits a voucher over the lines to the rupiah: the refunds of an order never exceed what was paid', async () => {
    await o.s.voucher({ code: 'RTNTEN', type: 'FIXED', value: 10_001 })
    const m = await o.s.member()
    await o.s.addToBag(m.token, SHIRT, `${SHIRT}-S`, 1)
    const order = await o.placeOrder(SHIRT, `${SHIRT}-M`, 2, { use_promo: true, kode_promo: 'RTNTEN' }, m)
    await o.pay(order)
    await o.call('POST', `/orders/${order.number}/ship`, {
      token: o.tokens.owner,
      body: { no_resi: 'JPVOUCHER001' },
    })
    await o.call('POST', `/orders/${order.number}/deliver`, { token: o.tokens.owner, body: {} })
    const [header] = await o.db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order.id))
    const lines = await o.db().select().from(salesLines).where(eq(salesLines.idSalesHeader, order.id))
    expect(header!.promoValue).toBe(10_001)
    const numbers: string[] = []
    for (const line of lines) {
      for (let unit = 0; unit < line.quantity; unit++) {
        const number = await created(m.token, refundOfOne(order.id, line.skuProduct, 'CHANGED_MIND'))
        await staff(`/${number}/approve`, {})
        await staff(`/${number}/receive`, { lines: [{ sku_product: line.skuProduct, accepted_qty: 1 }] })
        numbers.push(number)
      }
    }
    const amounts = await Promise.all(
      numbers.map(async (n) => (await staff(`/${n}`)).json().data.refund.amount as number),
    )
    const goods = lines.reduce((sum, line) => sum + line.hargaJual * line.quantity, 0)
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(goods - 10_001)
    for (const amount of amounts) expect(amount).toBeLessThanOrEqual(200_000)
  })
})

describe('a bundle', () => {
  it('goes back whole for a refund: its parts return to stock, and it cannot be swapped for a size', async () => {
    const [TEE, CAP, SET] = ['RTN-TEE', 'RTN-CAP', 'RTN-SET']
    await createProduct(o.db(), { productCode: TEE, idBrand: 9, sizes: [{ ukuran: 'M', stock: 10 }] })
    await createProduct(o.db(), { productCode: CAP, idBrand: 9, sizes: [{ ukuran: 'ALL', stock: 10 }] })
    await createProduct(o.db(), {
      productCode: SET,
      idBrand: 9,
      sellingPrice: 180_000,
      isBundling: true,
      maxBundling: 2,
      sizes: [{ ukuran: 'SET', stock: 100 }],
    })
    await addBundleOptions(o.db(), SET, 1, [TEE])
    await addBundleOptions(o.db(), SET, 2, [CAP])
    const parts = [
      { sku_product: `${TEE}-M`, qty: 1 },
      { sku_product: `${CAP}-ALL`, qty: 1 },
    ]
    const order = await deliveredOrder(parts, 2, {}, SET)
    const [line] = await o.db().select().from(salesLines).where(eq(salesLines.idSalesHeader, order.id))
    expect(line!.isBundling).toBe(true)

    const options = await optionsOf(order)
    expect(options.lines[0]).toMatchObject({ is_bundling: true, returnable_qty: 2, exchange_sizes: [] })
    const swap = await request(order.member.token, {
      id_sales_header: order.id,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: line!.skuProduct, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${TEE}-M` }],
    })
    expect(swap.statusCode, swap.body).toBe(409)
    expect(swap.json().code).toBe('RET008')

    const number = await created(order.member.token, refundOfOne(order.id, line!.skuProduct, 'CHANGED_MIND'))
    await staff(`/${number}/approve`, {})
    const before = [await o.s.stockOf(`${TEE}-M`), await o.s.stockOf(`${CAP}-ALL`)]
    const received = await staff(`/${number}/receive`, {
      lines: [{ sku_product: line!.skuProduct, accepted_qty: 1 }],
    })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().data).toMatchObject({
      status: 'RECEIVED',
      refund: { method: 'BANK_TRANSFER', amount: line!.hargaJual, delivery_fee: 0 },
    })
    // One bundle back: one of each part, in the shop again.
    expect([await o.s.stockOf(`${TEE}-M`), await o.s.stockOf(`${CAP}-ALL`)]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ])
    await o.expectInvariant(`${TEE}-M`)
    await o.expectInvariant(`${CAP}-ALL`)
    const left = await optionsOf(order)
    expect(left.lines[0]!.returnable_qty).toBe(1)
  })
})

describe('a guest through the order lookup', () => {
  it('returns with the phone-code session, and sees only their own', async () => {
    const guest = await createSignedInMember(o.db(), { isGuest: true })
    const header = await createOrder(o.db(), {
      idPelanggan: guest.idPelanggan,
      isGuest: true,
      status: 'Delivery',
      paidAt: new Date(),
      shippedAt: new Date(),
      noResi: `GST${Date.now()}`,
      subtotal: 200_000,
      totalBayar: 220_000,
    })
    await o
      .db()
      .insert(salesLines)
      .values({
        idSalesHeader: header.idSalesHeader,
        productCode: SHIRT,
        skuProduct: `${SHIRT}-M`,
        productMasterName: 'Shirt',
        ukuran: 'M',
        idBrand: 9,
        quantity: 1,
        hargaJual: 200_000,
      })
    await deliverOrder(o.db(), header.idSalesHeader, 'courier')
    const number = await created(guest.token, {
      id_sales_header: header.idSalesHeader,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: `${SHIRT}-M`, qty: 1, reason: 'TOO_SMALL', exchange_sku: `${SHIRT}-S` }],
    })
    const list = await buyer('', guest.token)
    expect(list.json().data.map((r: { return_number: string }) => r.return_number)).toEqual([number])
    await staff(`/${number}/approve`, {})
    // A guest hears by phone only.
    expect((await messagesOf(number)).map((m) => m.channel)).toEqual(['WHATSAPP'])
  })
})

describe('staff roles and settings', () => {
  it('lets owner, support and warehouse work the queue, the owner alone pay and set the rules', async () => {
    for (const role of ['merchandiser', 'marketing'] as const) {
      expect((await staff('', undefined, o.tokens[role])).statusCode).toBe(403)
    }
    const queue = await staff('?status=REQUESTED', undefined, o.tokens.support)
    expect(queue.statusCode, queue.body).toBe(200)
    const settings = await o.call('GET', '/settings/returns', { token: o.tokens.warehouse })
    expect(settings.json().data.window_days).toBe(7)
    const next = { ...settings.json().data, window_days: 14 }
    const denied = await o.t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/settings/returns',
      headers: { authorization: `Bearer ${o.tokens.support}` },
      payload: next,
    })
    expect(denied.statusCode).toBe(403)
    const saved = await o.t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/settings/returns',
      headers: { authorization: `Bearer ${o.tokens.owner}` },
      payload: next,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.window_days).toBe(14)
    const bad = await o.t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/settings/returns',
      headers: { authorization: `Bearer ${o.tokens.owner}` },
      payload: { ...next, window_days: 400 },
    })
    expect(bad.statusCode).toBe(400)
    await o.t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/settings/returns',
      headers: { authorization: `Bearer ${o.tokens.owner}` },
      payload: { ...next, window_days: 7 },
    })
  })
})
