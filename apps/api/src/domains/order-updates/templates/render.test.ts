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

function withPayment(
  payment: Partial<NonNullable<OrderMessageFacts['payment']>>,
  language: 'en' | 'id' = 'en',
): OrderMessageFacts {
  const f = facts('placed', language)
  return { ...f, payment: { ...f.payment!, ...payment } }
}

describe('renderOrderMessage', () => {
  for (const moment of ORDER_MOMENTS) {
    for (const language of ['en', 'id'] as const) {
      it(`${moment} in ${language}: every channel names the order and links it`, async () => {
        for (const channel of MESSAGE_CHANNELS) {
          const m = await renderOrderMessage(facts(moment, language), channel)
          expect(m.subject).toContain('BSN-261126-7KQ2M9XA')
          expect(m.text).toContain('BSN-261126-7KQ2M9XA')
          expect(m.text).toContain(link)
          expect(m.subject).toMatch(language === 'id' ? /^Pesanan / : /^Order /)
          // Indonesian throughout: the link's words and none of the English ones.
          if (language === 'id') {
            expect(m.text).toContain('Lihat pesanan')
            expect(m.text).not.toMatch(/View your order|Your order|Thank you/)
          } else {
            expect(m.text).toContain('View your order')
          }
          if (channel === 'EMAIL') {
            expect(m.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`))
            expect(m.html).toContain(`href="${link}"`)
            // Nothing remote: no picture, pixel, font, style sheet or script of any kind.
            expect(m.html).not.toMatch(/<img|<script|<link |<iframe|@import|url\(|\ssrc=|background=/i)
            // The plain-text part: no markup, no WhatsApp bold, the footer with the shop's address.
            expect(m.text).not.toMatch(/<(p|div|table|td|br|a|span)\b|\*/i)
            expect(m.text).toMatch(/\nhttps:\/\/busana\.example$/)
          } else {
            expect(m.html).toBeNull()
            expect(m.text).not.toMatch(/\nhttps:\/\/busana\.example$/)
          }
          if (channel === 'SMS') expect(m.text).not.toContain('*')
          if (channel === 'WHATSAPP') expect(m.text).toMatch(/^\*Prepps\*/)
        }
      })
    }
  }

  it('placed: the VA number and the deadline in WIB, the lines and the total (WhatsApp and e-mail)', async () => {
    const wa = await renderOrderMessage(facts('placed', 'id'), 'WHATSAPP')
    expect(wa.text).toContain('39358001234567890')
    expect(wa.text).toContain('27 Nov 2026, 14.18 WIB')
    expect(wa.text).toContain('Rp 202.000')
    expect(wa.text).toContain('*Nomor virtual account*: 39358001234567890')
    expect(wa.text).toContain('*Bayar sebelum*: 27 Nov 2026, 14.18 WIB')
    const sms = await renderOrderMessage(facts('placed', 'en'), 'SMS')
    expect(sms.text).toContain('39358001234567890')
    expect(sms.text).toContain('Pay before: 27 Nov 2026, 14:18 WIB')
    const mail = await renderOrderMessage(facts('placed', 'en'), 'EMAIL')
    expect(mail.subject).toBe('Order BSN-261126-7KQ2M9XA: how to pay')
    expect(mail.html).toContain('39358001234567890')
    expect(mail.html).toContain('27 Nov 2026, 14:18 WIB')
    expect(mail.html).toContain('Voucher HEMAT')
    expect(mail.html).toContain('-Rp 11.000')
    expect(mail.text).toContain('Virtual account number: 39358001234567890')
    expect(mail.text).toContain('Voucher HEMAT: -Rp 11.000\nTotal: Rp 202.000')
    expect(mail.text).toContain('Deliver to: Dewi, Jl. Kenari No. 5, Gambir')
    // A product name is data: escaped in the HTML, as is in the texts.
    expect(mail.html).toContain('Kemeja &lt;script&gt;')
    expect(mail.html).not.toContain('<script>alert(1)')
    expect(mail.text).toContain('• Kemeja <script>alert(1)</script> (M) × 2: Rp 200.000')
  })

  it('placed: Mandiri gives the biller code and the bill key, an e-wallet its app link, a QR the order page', async () => {
    const mandiri = withPayment({
      method: 'Mandiri Bill Payment',
      accountNumber: '885412345678',
      billerCode: '70012',
    })
    for (const channel of MESSAGE_CHANNELS) {
      const m = await renderOrderMessage(mandiri, channel)
      expect(m.text).toContain('Biller code')
      expect(m.text).toContain('70012')
      expect(m.text).toContain('Bill key')
      expect(m.text).toContain('885412345678')
      expect(m.text).not.toContain('Virtual account number')
    }
    const mandiriMail = await renderOrderMessage(mandiri, 'EMAIL')
    expect(mandiriMail.html).toContain('70012')
    expect(mandiriMail.html).toContain('885412345678')

    const gopay = withPayment({
      method: 'GoPay',
      category: 'E-WALLET',
      accountNumber: null,
      appLink: 'https://gopay.example/deeplink?ref=1',
      hasQr: true,
    })
    expect((await renderOrderMessage(gopay, 'SMS')).text).toContain(
      'Pay in the app: https://gopay.example/deeplink?ref=1',
    )
    expect((await renderOrderMessage(gopay, 'EMAIL')).html).toContain(
      'href="https://gopay.example/deeplink?ref=1"',
    )

    const qris = withPayment({ method: 'QRIS', category: 'QRIS', accountNumber: null, hasQr: true }, 'id')
    for (const channel of MESSAGE_CHANNELS) {
      const m = await renderOrderMessage(qris, channel)
      expect(m.text).toContain('Buka pesanan Anda untuk memindai kode QR')
      expect(m.text).toContain(link)
    }
  })

  it('paid and shipped fit an SMS of two parts (320 characters), with a guest link and a long name', async () => {
    for (const language of ['en', 'id'] as const) {
      for (const moment of ['paid', 'shipped'] as const) {
        const f = facts(moment, language)
        f.shop.name = 'Busana Atelier'
        f.order.link = `https://busana.example/member/order/${'f'.repeat(8)}-${'f'.repeat(4)}-${'f'.repeat(4)}-${'f'.repeat(4)}-${'f'.repeat(12)}`
        const sms = await renderOrderMessage(f, 'SMS')
        expect(sms.text.length).toBeLessThanOrEqual(320)
      }
    }
    const paid = await renderOrderMessage(facts('paid', 'id'), 'SMS')
    expect(paid.text).toContain('Rp 202.000')
    expect(paid.text).toContain('sedang kami siapkan')
  })

  it("shipped: courier upper-cased, waybill and the tracking link; a member's tracking link is the order page, given once", async () => {
    for (const channel of MESSAGE_CHANNELS) {
      const shipped = await renderOrderMessage(facts('shipped', 'en'), channel)
      expect(shipped.text).toMatch(/Courier\*?: JNE\n/)
      expect(shipped.text).toContain('JNE012345678901')
      expect(shipped.text).toContain('https://busana.example/tracking?order=BSN-261126-7KQ2M9XA')
    }
    const mail = await renderOrderMessage(facts('shipped', 'id'), 'EMAIL')
    expect(mail.html).toContain('JNE012345678901')
    expect(mail.html).toContain('href="https://busana.example/tracking?order=BSN-261126-7KQ2M9XA"')
    expect(mail.html).toContain('Lacak paket')

    const member = facts('shipped', 'en')
    member.shipment!.trackingLink = link
    const wa = await renderOrderMessage(member, 'WHATSAPP')
    expect(wa.text.split(link)).toHaveLength(2)
  })

  it('delivered: the lines to review and the review link', async () => {
    for (const language of ['en', 'id'] as const) {
      for (const channel of MESSAGE_CHANNELS) {
        const m = await renderOrderMessage(facts('delivered', language), channel)
        expect(m.text).toContain('https://busana.example/member/review')
        expect(m.text).toContain(language === 'id' ? 'Tulis ulasan' : 'Write a review')
        if (channel !== 'SMS') expect(m.text).toContain('Kemeja <script>alert(1)</script>')
      }
    }
    const mail = await renderOrderMessage(facts('delivered', 'id'), 'EMAIL')
    expect(mail.html).toContain('href="https://busana.example/member/review"')
    expect(mail.html).toContain('Kemeja &lt;script&gt;alert(1)&lt;/script&gt; · Ukuran M')
    expect(mail.text).toContain('Ulasan')
  })

  it('cancelled, expired and refund: a refund says the amount and what happens next; without one, nothing was taken', async () => {
    for (const channel of MESSAGE_CHANNELS) {
      const cancelled = await renderOrderMessage(facts('cancelled', 'en'), channel)
      expect(cancelled.text).toContain('Rp 202.000 will be refunded')
      expect(cancelled.text).toContain('within a few working days')
      const refund = await renderOrderMessage(facts('refund', 'id'), channel)
      expect(refund.text).toContain('Dana Rp 202.000 akan dikembalikan')
      expect(refund.text).toContain('rekening tujuan')
      const expired = await renderOrderMessage(facts('expired', 'id'), channel)
      expect(expired.text).toContain('kedaluwarsa karena belum dibayar')
      expect(expired.text).not.toContain('dikembalikan')
    }
    const shop = await renderOrderMessage(facts('cancelled', 'id'), 'WHATSAPP')
    expect(shop.text).toContain('Mohon maaf, kami harus membatalkannya.')
    const expired = await renderOrderMessage(facts('expired', 'en'), 'EMAIL')
    expect(expired.html).toContain('No money was taken.')
    // A payment that came after the deadline is owed back: never "nothing was taken" beside it.
    const late = facts('refund', 'en')
    late.cancel = { reason: 'expired', refundAmount: 202_000 }
    for (const channel of MESSAGE_CHANNELS) {
      const m = await renderOrderMessage(late, channel)
      expect(m.text).toContain('Rp 202.000 will be refunded')
      expect(`${m.text}${m.html ?? ''}`).not.toContain('No money was taken')
    }
  })

  it('issue 38: a name stored before the name rule goes out inert: no WhatsApp formatting, no link, in text and e-mail', async () => {
    const f = facts('placed', 'id')
    const stored: OrderMessageFacts = {
      ...f,
      order: {
        ...f.order,
        buyerName: 'Pelanggan. *PEMBAYARAN GAGAL* bayar ulang di evil.example/pay',
        recipient: { name: '_Budi_ ~x~ `y` <b>', address: 'Jl. Merdeka No.5/B, lihat https://evil.example' },
      },
    }
    for (const channel of MESSAGE_CHANNELS) {
      const m = await renderOrderMessage(stored, channel)
      for (const part of [m.text, m.html ?? '']) {
        expect(part, channel).not.toContain('*PEMBAYARAN GAGAL*')
        expect(part, channel).not.toContain('evil.example')
        expect(part, channel).not.toContain('https://evil')
        expect(part, channel).not.toMatch(/_Budi_|~x~|`y`|&lt;b&gt;/)
      }
      if (channel !== 'SMS')
        expect(m.text, channel).toContain('PEMBAYARAN GAGAL bayar ulang di evil. example/pay')
      if (channel === 'EMAIL') expect(m.text).toContain('Jl. Merdeka No. 5/B, lihat https: //evil. example')
      // The shop's own bold labels stay bold.
      if (channel === 'WHATSAPP') expect(m.text).toContain('*Prepps*')
    }
  })
})
