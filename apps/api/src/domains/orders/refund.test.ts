import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { createProduct } from '../../test/factories.ts'
import { staffAuditLog } from '../../db/schema/index.ts'
import { opsWorld, type Ops } from './admin.fixtures.ts'

/**
 * Recording a refund as paid (issue 30): only the owner, only once, only where one is due; the
 * transfer's reference in the order's history and the audit log; the home's "refunds due" drops.
 */

let o: Ops
beforeAll(async () => {
  o = await opsWorld()
  await createProduct(o.db(), { idBrand: 9, productCode: 'RFD-01', sizes: [{ ukuran: 'M', stock: 20 }] })
})
afterAll(async () => {
  await o?.t.close()
})

const refund = (number: string, body: object, token = o.tokens.owner) =>
  o.call('POST', `/orders/${number}/refund`, { token, body })
const refundsDue = async () =>
  (await o.call('GET', '/insights/todo', { token: o.tokens.owner })).json().data.refunds_due as {
    count: number
    amount: number
  }

/** A paid order cancelled by staff: its total is a refund due. */
async function cancelledAfterPayment() {
  const order = await o.placeOrder('RFD-01', 'RFD-01-M')
  await o.pay(order)
  const res = await o.call('POST', `/orders/${order.number}/cancel`, {
    token: o.tokens.support,
    body: { reason: 'Buyer asked to cancel' },
  })
  expect(res.json().data).toMatchObject({ status: 'Cancel', refund_state: 'due', refund_amount: order.total })
  return order
}

describe('recording a refund as paid', () => {
  it('lets the owner record it once, with the reference in the history and the audit log', async () => {
    const order = await cancelledAfterPayment()
    const due = await refundsDue()
    for (const role of ['warehouse', 'support', 'marketing', 'merchandiser'] as const) {
      const res = await refund(order.number, { reference: 'BCA 123456' }, o.tokens[role])
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    const res = await refund(order.number.toLowerCase(), { reference: '  BCA transfer 20261127-0042 ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Refund recorded as paid',
      data: { status: 'Cancel', refund_state: 'refunded', refund_amount: order.total },
    })
    expect(res.json().data.events.at(-1)).toMatchObject({
      from: 'Cancel',
      to: 'Cancel',
      actor: 'staff:owner@busana.test',
      note: 'Refund paid: BCA transfer 20261127-0042',
    })
    const [audit] = await o
      .db()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'order.refund'))
      .orderBy(desc(staffAuditLog.id))
    expect(audit).toMatchObject({
      targetId: order.number,
      changes: { refund_state: { from: 'due', to: 'refunded' }, reference: 'BCA transfer 20261127-0042' },
    })
    expect(await refundsDue()).toEqual({ count: due.count - 1, amount: due.amount - order.total })
    // Twice: nothing more is due.
    expect((await refund(order.number, { reference: 'BCA 999' })).json()).toMatchObject({
      status: 409,
      code: 'ORD004',
    })
  })

  it('refuses an order that owes nothing, a bad reference and an unknown order, changing nothing', async () => {
    const unpaid = await o.placeOrder('RFD-01', 'RFD-01-M')
    expect((await refund(unpaid.number, { reference: 'BCA 123' })).json()).toMatchObject({ code: 'ORD004' })
    const order = await cancelledAfterPayment()
    const short = await refund(order.number, { reference: 'ab' })
    expect(short.statusCode).toBe(400)
    expect(short.json().errors).toEqual([{ field: 'reference', message: 'must be 3 to 100 characters' }])
    const control = await refund(order.number, { reference: 'BCA\u0007123' })
    expect(control.json().errors).toEqual([
      { field: 'reference', message: 'must not contain control characters' },
    ])
    expect((await refund(order.number, {})).statusCode).toBe(400)
    expect((await refund('BSN-000000-ZZZZZZ', { reference: 'BCA 123' })).json()).toMatchObject({
      status: 404,
      code: 'ORD001',
    })
    const detail = await o.call('GET', `/orders/${order.number}`, { token: o.tokens.owner })
    expect(detail.json().data).toMatchObject({ refund_state: 'due' })
  })

  it('records one of two refunds sent at the same moment', async () => {
    const order = await cancelledAfterPayment()
    const answers = await Promise.all([
      refund(order.number, { reference: 'BCA first' }),
      refund(order.number, { reference: 'BCA second' }),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
  })
})
