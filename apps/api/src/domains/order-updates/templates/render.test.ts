import { describe, expect, it } from 'vitest'
import {
  isReturnMoment,
  MESSAGE_CHANNELS,
  ORDER_MOMENTS,
  RETURN_MOMENTS,
  type OrderMessageFacts,
  type OrderMoment,
  type ReturnMessageFacts,
} from '../facts.ts'
import { withReturnLinks } from '../return-links.ts'
import { renderOrderMessage } from './render.tsx'

/**
 * The order updates' texts and e-mails (docs/decisions/047-order-update-emails.md): every moment on
 * every channel in both languages, rendered from facts alone.
 */

const link = 'https://busana.example/member/order/6d455e00-bd65-40ee-8f7b-968a4af193be'
const returnLink = 'https://busana.example/member/returns/RTN-261128-7KQ2M9XA'

/** A return of two pieces as the returns module reads it at each moment (issue 40). */
function returned(moment: OrderMoment): ReturnMessageFacts {
  const exchange = moment === 'exchange_shipped'
  const counted = moment !== 'return_approved' && moment !== 'return_rejected'
  return {
    number: 'RTN-261128-7KQ2M9XA',
    resolution: exchange ? 'EXCHANGE' : 'REFUND',
    lines: [
      {
        name: 'Kemeja Linen',
        size: 'M',
        quantity: 2,
        reason: 'TOO_SMALL',
        exchangeSize: exchange ? 'L' : null,
        acceptedQty: counted ? 1 : null,
        notAcceptedReason: counted ? 'Label removed' : null,
      },
      {
        name: 'Rok Plisket',
        size: 'All Size',
        quantity: 1,
        reason: 'DEFECT',
        exchangeSize: null,
        acceptedQty: counted ? 1 : null,
        notAcceptedReason: null,
      },
    ],
    rejectReason: moment === 'return_rejected' ? 'Worn and washed' : null,
    shipTo: {
      name: 'Busana Returns, Gudang Jakarta',
      phone: '0215550100',
      address: 'Jl. Gudang Busana No. 1, Gambir, Jakarta Pusat 10110',
      instructions: 'Pack the pieces with their tags on and write the return number on the parcel.',
    },
    refund:
      !exchange && counted
        ? {
            amount: 254_500,
            method: 'BANK_TRANSFER',
            paymentName: 'BCA Virtual Account',
            reference: moment === 'return_refunded' ? 'TRF-20261130-0042' : null,
            bank: 'BCA',
            accountLast4: '1234',
          }
        : null,
    exchangeShipment: exchange ? { courier: 'jne', waybill: 'JNE-EXCH-000777' } : null,
  }
}

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
    ...(isReturnMoment(moment)
      ? { return: withReturnLinks(returned(moment), 'https://busana.example/') }
      : {}),
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
      const ofReturn = isReturnMoment(moment)
      it(`${moment} in ${language}: every channel names the ${ofReturn ? 'return and its order' : 'order'} and links it`, async () => {
        // A return's message names the return first and links the return's page.
        const page = ofReturn ? returnLink : link
        for (const channel of MESSAGE_CHANNELS) {
          const m = await renderOrderMessage(facts(moment, language), channel)
          expect(m.subject).toContain(ofReturn ? 'RTN-261128-7KQ2M9XA' : 'BSN-261126-7KQ2M9XA')
          expect(m.text).toContain('BSN-261126-7KQ2M9XA')
          if (ofReturn) expect(m.text).toContain('RTN-261128-7KQ2M9XA')
          expect(m.text).toContain(page)
          if (ofReturn) {
            expect(m.subject).toMatch(
              language === 'id' ? /^(Pengembalian|Penukaran) / : /^(Return|Exchange) /,
            )
          } else {
            expect(m.subject).toMatch(language === 'id' ? /^Pesanan / : /^Order /)
          }
          // Indonesian throughout: the link's words and none of the English ones.
          if (language === 'id') {
            if (moment !== 'exchange_shipped')
              expect(m.text).toContain(ofReturn ? 'Lihat pengembalian' : 'Lihat pesanan')
            expect(m.text).not.toMatch(
              /View your|Your order|Your (return|refund|size|new)|Thank you|accepted|Reason|Refund/,
            )
          } else if (moment !== 'exchange_shipped') {
            expect(m.text).toContain(ofReturn ? 'View your return' : 'View your order')
          }
          if (channel === 'EMAIL') {
            expect(m.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`))
            expect(m.html).toContain(`href="${page}"`)
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

describe("renderOrderMessage: a return's moments (issue 40)", () => {
  /** A return moment's facts with changes to its return. */
  const withReturn = (
    moment: OrderMoment,
    language: 'en' | 'id',
    change: (r: ReturnMessageFacts) => Partial<ReturnMessageFacts> = () => ({}),
  ): OrderMessageFacts => {
    const r = returned(moment)
    return {
      ...facts(moment, language),
      return: withReturnLinks({ ...r, ...change(r) }, 'https://busana.example'),
    }
  }

  it('approved: the pieces with their reasons in words, where to send them, the instructions, the return page', async () => {
    const wa = await renderOrderMessage(withReturn('return_approved', 'en'), 'WHATSAPP')
    expect(wa.subject).toBe('Return RTN-261128-7KQ2M9XA approved: please send the parcel')
    expect(wa.text).toContain('• Kemeja Linen (M) × 2: Too small\n• Rok Plisket (All Size) × 1: Defective')
    expect(wa.text).toContain(
      '*Send the parcel to*\nBusana Returns, Gudang Jakarta (0215550100)\nJl. Gudang Busana No. 1, Gambir, Jakarta Pusat 10110',
    )
    expect(wa.text).toContain('write the return number on the parcel')
    expect(wa.text).toContain(`*View your return*: ${returnLink}`)
    expect(wa.text).not.toContain(link)
    const id = await renderOrderMessage(withReturn('return_approved', 'id'), 'WHATSAPP')
    expect(id.text).toContain('• Kemeja Linen (M) × 2: Terlalu kecil')
    expect(id.text).toContain('Cacat produk')
    expect(id.text).toContain('*Kirim paket ke*')
    // The address goes by SMS too; the pieces and instructions stay on the return's page.
    const sms = await renderOrderMessage(withReturn('return_approved', 'id'), 'SMS')
    expect(sms.text).toContain(
      'Kirim paket ke: Busana Returns, Gudang Jakarta (0215550100), Jl. Gudang Busana',
    )
    expect(sms.text).not.toContain('Terlalu kecil')
    const mail = await renderOrderMessage(withReturn('return_approved', 'en'), 'EMAIL')
    expect(mail.html).toContain('Jl. Gudang Busana No. 1, Gambir, Jakarta Pusat 10110')
    expect(mail.html).toContain('Kemeja Linen (M) × 2: Too small')
    expect(mail.html).toContain(`href="${returnLink}"`)
    expect(mail.html).toContain('The link asks you to sign in')
    expect(mail.text).toContain('Return number RTN-261128-7KQ2M9XA · Order number BSN-261126-7KQ2M9XA')
    // An exchange says so, with the size asked for.
    const exchange = await renderOrderMessage(
      withReturn('return_approved', 'id', (r) => ({
        resolution: 'EXCHANGE',
        lines: [{ ...r.lines[0]!, exchangeSize: 'L' }],
      })),
      'WHATSAPP',
    )
    expect(exchange.subject).toMatch(/^Penukaran ukuran RTN-261128-7KQ2M9XA disetujui/)
    expect(exchange.text).toContain('• Kemeja Linen (M) × 2: Terlalu kecil, ukuran baru L')
  })

  it('rejected: the reason, and the pieces stay with the buyer', async () => {
    for (const channel of MESSAGE_CHANNELS) {
      const en = await renderOrderMessage(withReturn('return_rejected', 'en'), channel)
      expect(en.text).toMatch(/Reason\*?: Worn and washed/)
      expect(en.text).toContain('was not approved')
      const id = await renderOrderMessage(withReturn('return_rejected', 'id'), channel)
      expect(id.text).toMatch(/Alasan\*?: Worn and washed/)
      expect(id.subject).toBe('Pengembalian RTN-261128-7KQ2M9XA tidak disetujui')
      if (channel !== 'SMS') expect(id.text).toContain('Barang tetap pada Anda.')
    }
  })

  it('received: what was accepted, what goes back and why, and the refund or the new size next', async () => {
    for (const channel of ['WHATSAPP', 'EMAIL'] as const) {
      const en = await renderOrderMessage(withReturn('return_received', 'en'), channel)
      expect(en.text).toContain('• Kemeja Linen (M) × 2: 1 of 2 accepted; 1 sent back to you: Label removed')
      expect(en.text).toContain('• Rok Plisket (All Size) × 1: accepted')
      expect(en.text).toMatch(/Refund\*?: Rp 254\.500/)
      expect(en.text).toContain('We will transfer it to your BCA account ending 1234')
      const id = await renderOrderMessage(withReturn('return_received', 'id'), channel)
      expect(id.text).toContain('1 dari 2 diterima; 1 dikirim kembali kepada Anda: Label removed')
      expect(id.text).toMatch(/Pengembalian dana\*?: Rp 254\.500/)
      expect(id.text).toContain('rekening BCA berakhiran 1234')
    }
    const mail = await renderOrderMessage(withReturn('return_received', 'en'), 'EMAIL')
    expect(mail.html).toContain('Rp 254.500')
    expect(mail.html).toContain('1 of 2 accepted; 1 sent back to you: Label removed')
    // Paid by e-wallet: the provider pays it back.
    const gopay = await renderOrderMessage(
      withReturn('return_received', 'en', (r) => ({
        refund: { ...r.refund!, method: 'PROVIDER', paymentName: 'GoPay', bank: null, accountLast4: null },
      })),
      'SMS',
    )
    expect(gopay.text).toContain('Refund: Rp 254.500')
    expect(gopay.text).toContain('It goes back to your GoPay')
    // Nothing accepted: no refund, everything back.
    const none = await renderOrderMessage(
      withReturn('return_received', 'en', (r) => ({
        lines: r.lines.map((line) => ({ ...line, acceptedQty: 0, notAcceptedReason: 'Worn' })),
        refund: { ...r.refund!, amount: 0 },
      })),
      'WHATSAPP',
    )
    expect(none.text).toContain('• Kemeja Linen (M) × 2: sent back to you: Worn')
    expect(none.text).toContain('None of the pieces could be accepted')
    expect(none.text).not.toContain('Refund')
    // An exchange: the new size follows.
    const exchange = await renderOrderMessage(
      withReturn('return_received', 'id', () => ({ resolution: 'EXCHANGE', refund: null })),
      'WHATSAPP',
    )
    expect(exchange.text).toContain('Ukuran baru segera kami kirim beserta nomor resinya.')
    expect(exchange.text).not.toContain('Pengembalian dana')
  })

  it('refunded: the amount and how it was paid (bank transfer with the reference, or the provider)', async () => {
    for (const channel of MESSAGE_CHANNELS) {
      const en = await renderOrderMessage(withReturn('return_refunded', 'en'), channel)
      expect(en.text).toContain('Your refund of Rp 254.500 for return RTN-261128-7KQ2M9XA')
      expect(en.text).toMatch(/Paid to\*?: BCA account ending 1234, by bank transfer/)
      expect(en.text).toMatch(/Reference\*?: TRF-20261130-0042/)
      const id = await renderOrderMessage(withReturn('return_refunded', 'id'), channel)
      expect(id.text).toContain('Dana Rp 254.500 untuk pengembalian RTN-261128-7KQ2M9XA')
      expect(id.text).toMatch(/Dikembalikan ke\*?: rekening BCA berakhiran 1234, melalui transfer bank/)
      expect(id.text).toMatch(/No\. referensi\*?: TRF-20261130-0042/)
      const qris = await renderOrderMessage(
        withReturn('return_refunded', 'id', (r) => ({
          refund: {
            ...r.refund!,
            method: 'PROVIDER',
            paymentName: 'QRIS',
            reference: null,
            bank: null,
            accountLast4: null,
          },
        })),
        channel,
      )
      expect(qris.text).toMatch(/Dikembalikan ke\*?: QRIS, melalui penyedia pembayaran/)
      expect(qris.text).not.toContain('referensi')
    }
    const mail = await renderOrderMessage(withReturn('return_refunded', 'en'), 'EMAIL')
    expect(mail.subject).toBe('Return RTN-261128-7KQ2M9XA: refund paid')
    expect(mail.html).toContain('TRF-20261130-0042')
    expect(mail.html).toContain('BCA account ending 1234, by bank transfer')
  })

  it('exchange shipped: the new size, the courier, the waybill and where to follow it, given once', async () => {
    for (const channel of MESSAGE_CHANNELS) {
      const m = await renderOrderMessage(withReturn('exchange_shipped', 'en'), channel)
      expect(m.text).toMatch(/Courier\*?: JNE\n/)
      expect(m.text).toMatch(/Waybill\*?: JNE-EXCH-000777/)
      expect(m.text).toMatch(new RegExp(`Track your parcel\\*?: ${returnLink}`))
      expect(m.text.split(returnLink)).toHaveLength(2)
      if (channel !== 'SMS') expect(m.text).toContain('• Kemeja Linen (L) × 1')
      // The piece that was not accepted is not sent again, nor the refunded skirt.
      expect(m.text).not.toContain('Rok Plisket')
    }
    const mail = await renderOrderMessage(withReturn('exchange_shipped', 'id'), 'EMAIL')
    expect(mail.html).toContain('JNE-EXCH-000777')
    expect(mail.html).toContain(`href="${returnLink}"`)
    expect(mail.html).toContain('Lacak paket')
  })

  it('words typed by the buyer or staff go out inert: no *bold*, no link, in text and e-mail', async () => {
    const typed = withReturn('return_received', 'id', (r) => ({
      lines: [{ ...r.lines[0]!, notAcceptedReason: '*GRATIS* klaim di evil.example/klaim' }],
      rejectReason: '_Ditolak_ lihat https://evil.example/x',
      refund: { ...r.refund!, bank: '*BCA* www.evil.example', accountLast4: '`12`' },
      shipTo: { ...r.shipTo, instructions: 'Kirim ~cepat~ ke bit.ly/kirim' },
    }))
    for (const moment of [
      'return_received',
      'return_rejected',
      'return_refunded',
      'return_approved',
    ] as const) {
      for (const channel of MESSAGE_CHANNELS) {
        const m = await renderOrderMessage({ ...typed, moment }, channel)
        for (const part of [m.text, m.html ?? '']) {
          expect(part, `${moment} ${channel}`).not.toMatch(/\*GRATIS\*|\*BCA\*|_Ditolak_|~cepat~|`12`/)
          expect(part, `${moment} ${channel}`).not.toMatch(/evil\.example|https:\/\/evil|bit\.ly|www\.evil/)
        }
        if (moment === 'return_received' && channel !== 'SMS')
          expect(m.text).toContain('GRATIS klaim di evil. example/klaim')
        if (moment === 'return_rejected') expect(m.text).toContain('Ditolak lihat https: //evil. example/x')
        if (moment === 'return_approved' && channel !== 'SMS')
          expect(m.text).toContain('Kirim cepat ke bit. ly/kirim')
        // The shop's own bold labels stay bold.
        if (channel === 'WHATSAPP') expect(m.text).toMatch(/^\*Prepps\*/)
      }
    }
  })

  it("refuses a return's moment without its return", async () => {
    const f = facts('return_approved', 'en')
    delete f.return
    await expect(renderOrderMessage(f, 'WHATSAPP')).rejects.toThrow(/return_approved/)
  })

  it('fits WhatsApp: each moment under 700 characters, and rejected, received, refunded and shipped in an SMS of two parts', async () => {
    for (const moment of RETURN_MOMENTS) {
      for (const language of ['en', 'id'] as const) {
        expect((await renderOrderMessage(facts(moment, language), 'WHATSAPP')).text.length).toBeLessThan(700)
        if (moment !== 'return_approved')
          expect((await renderOrderMessage(facts(moment, language), 'SMS')).text.length).toBeLessThanOrEqual(
            320,
          )
      }
    }
  })
})
