import { describe, expect, it } from 'vitest'
import { MESSAGE_CHANNELS, ORDER_MOMENTS, type OrderMessageFacts, type OrderMoment } from '../facts.ts'
import { renderOrderMessage } from './render.tsx'

/**
 * The order updates' texts and e-mails (docs/decisions/047-order-update-emails.md): every moment on
 * every channel in both languages, rendered from facts alone.
 */

const link = 'https://busana.example/member/order/6d455e00-bd65-40ee-8f7b-968a4af193be'

function facts(moment: OrderMoment, language: 'en' | 'id'): OrderMessageFacts {
  return {
    moment,
    language,
    shop: { name: 'Prepps', url: 'https://busana.example' },
    order: {
      number: 'BSN-261126-7KQ2M9XA',
      buyerName: 'Dewi',
      placedAt: '2026-11-26T07:18:00Z',
      lines: [
        { name: 'Kemeja <script>alert(1)</script>', size: 'M', quantity: 2, price: 100_000, total: 200_000 },
      ],
      subtotal: 200_000,
      shipping: 9_000,
      packingFee: 0,
      paymentFee: 4_000,
      discount: 11_000,
      voucherCode: 'HEMAT',
      total: 202_000,
      courier: 'JNE REG',
      recipient: { name: 'Dewi', address: 'Jl. Kenari No. 5, Gambir' },
      link,
      isGuest: false,
    },
    ...(moment === 'placed'
      ? {
          payment: {
            method: 'BCA Virtual Account',
            category: 'VIRTUAL-ACCOUNT',
            accountNumber: '39358001234567890',
            billerCode: null,
            appLink: null,
            hasQr: false,
            deadline: '2026-11-27T07:18:00Z',
          },
        }
      : {}),
    ...(moment === 'shipped'
      ? {
          shipment: {
            courier: 'jne',
            waybill: 'JNE012345678901',
            trackingLink: `https://busana.example/tracking?order=BSN-261126-7KQ2M9XA`,
          },
        }
      : {}),
    ...(moment === 'delivered' ? { review: { link: 'https://busana.example/member/review' } } : {}),
    ...(moment === 'cancelled' || moment === 'expired' || moment === 'refund'
      ? {
          cancel: {
            reason: moment === 'expired' ? ('expired' as const) : ('shop' as const),
            refundAmount: moment === 'expired' ? null : 202_000,
          },
        }
      : {}),
  }
}

describe('renderOrderMessage', () => {
  for (const moment of ORDER_MOMENTS) {
    for (const language of ['en', 'id'] as const) {
      it(`${moment} in ${language}: every channel names the order and links it`, async () => {
        for (const channel of MESSAGE_CHANNELS) {
          const m = await renderOrderMessage(facts(moment, language), channel)
          expect(m.subject).toContain('BSN-261126-7KQ2M9XA')
          expect(m.text).toContain('BSN-261126-7KQ2M9XA')
          if (moment !== 'shipped') expect(m.text).toContain(link)
          expect(m.subject).toMatch(language === 'id' ? /Pesanan/ : /Order/)
          if (channel === 'EMAIL') {
            expect(m.html).toContain(`lang="${language}"`)
            expect(m.html).toContain(link)
            // Nothing remote: no picture, pixel, font or script of any kind.
            expect(m.html).not.toMatch(/<img|<script|@import|url\(|<link /i)
          } else {
            expect(m.html).toBeNull()
          }
          if (channel === 'SMS') expect(m.text).not.toContain('*')
        }
      })
    }
  }

  it('placed: the VA number and the deadline in WIB, the lines and the total (WhatsApp and e-mail)', async () => {
    const wa = await renderOrderMessage(facts('placed', 'id'), 'WHATSAPP')
    expect(wa.text).toContain('39358001234567890')
    expect(wa.text).toContain('27 Nov 2026, 14.18 WIB')
    expect(wa.text).toContain('Rp 202.000')
    expect(wa.text).toContain('*Nomor virtual account*')
    const sms = await renderOrderMessage(facts('placed', 'en'), 'SMS')
    expect(sms.text).toContain('39358001234567890')
    expect(sms.text).toContain('27 Nov 2026, 14:18 WIB')
    const mail = await renderOrderMessage(facts('placed', 'en'), 'EMAIL')
    expect(mail.html).toContain('39358001234567890')
    expect(mail.html).toContain('Voucher HEMAT')
    expect(mail.text).toContain('Virtual account number: 39358001234567890')
    // A product name is data: escaped in the HTML.
    expect(mail.html).toContain('Kemeja &lt;script&gt;')
    expect(mail.html).not.toContain('<script>alert(1)')
  })

  it('shipped: courier, waybill and the tracking link; delivered: the review link; refunds say what happens next', async () => {
    const shipped = await renderOrderMessage(facts('shipped', 'en'), 'SMS')
    expect(shipped.text).toContain('JNE012345678901')
    expect(shipped.text).toContain('JNE')
    expect(shipped.text).toContain('https://busana.example/tracking?order=BSN-261126-7KQ2M9XA')
    const delivered = await renderOrderMessage(facts('delivered', 'id'), 'EMAIL')
    expect(delivered.html).toContain('https://busana.example/member/review')
    expect(delivered.text).toContain('Ulasan')
    const refund = await renderOrderMessage(facts('cancelled', 'en'), 'WHATSAPP')
    expect(refund.text).toContain('Rp 202.000 will be refunded')
    const expired = await renderOrderMessage(facts('expired', 'id'), 'WHATSAPP')
    expect(expired.text).toContain('kedaluwarsa')
    expect(expired.text).not.toContain('dikembalikan')
  })
})
