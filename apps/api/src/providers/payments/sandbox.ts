import { createHash } from 'node:crypto'
import type {
  ChargeRequest,
  PaymentInstructions,
  PaymentMethodCode,
  PaymentProvider,
  RefundRequest,
} from './payments.ts'
import { qrisPayload, type QrisMerchant } from './qris.ts'

/**
 * Virtual account shapes per bank, as the banks issue them through a gateway: a fixed prefix (the
 * company or client code) and digits for the order. Mandiri bill payment is a biller code and a
 * 12-digit bill key.
 */
const VA_SHAPES: Partial<Record<PaymentMethodCode, { prefix: string; length: number }>> = {
  bca_va: { prefix: '39358', length: 16 },
  bni_va: { prefix: '98812345', length: 16 },
  bri_va: { prefix: '26215', length: 18 },
  permata_va: { prefix: '8778', length: 16 },
}
/** Midtrans' biller code for Mandiri bill payment, which the sandbox imitates. */
export const SANDBOX_MANDIRI_BILLER_CODE = '70012'

/** The sandbox merchant of the QRIS payloads (not a registered NMID: no real app pays it). */
export const SANDBOX_QRIS_MERCHANT: QrisMerchant = {
  globalId: 'ID.CO.BUSANA.WWW',
  pan: '936009990000000001',
  merchantId: 'BUSANA0000000001',
  nmid: 'ID1020000000001',
  mcc: '5651',
  name: 'BUSANA',
  city: 'JAKARTA PUSAT',
  postalCode: '10110',
}

/** `length` decimal digits derived from the order id: the same order always gets the same number. */
function digitsFor(orderId: string, salt: string, length: number): string {
  let digits = ''
  for (let round = 0; digits.length < length; round++) {
    const hash = createHash('sha256').update(`${salt}:${round}:${orderId}`).digest()
    for (const byte of hash) if (byte < 250) digits += String(byte % 10)
  }
  return digits.slice(0, length)
}

/**
 * The sandbox provider (PAYMENT_PROVIDER=sandbox, the default): realistic virtual account numbers
 * per bank, Mandiri bill keys, a valid QRIS payload and e-wallet links, made here from the order
 * number, so a charge repeated gives the same answer. It never touches the network and holds no
 * state of payments: a payment happens when a notification signed with the server key arrives (the
 * Pay button of /dev/payments sends one). The e-wallet "app link" opens that page, as Midtrans'
 * sandbox links open its simulator. A refund (issue 40) is kept in memory by its key, so asking again
 * with the key answers the same reference (made from the key: the same after a restart too) and
 * never refunds twice; the same key for another order or amount is refused, as a provider would.
 */
export function sandboxPayments(options: { serverKey: string; publicUrl: string }): PaymentProvider {
  const refunds = new Map<string, { orderId: string; amount: number; reference: string }>()
  const simulator = (orderId: string) =>
    `${options.publicUrl.replace(/\/+$/, '')}/dev/payments?order=${encodeURIComponent(orderId)}`
  return {
    name: 'sandbox',
    serverKey: options.serverKey,
    async charge(request: ChargeRequest): Promise<PaymentInstructions> {
      const none = {
        transactionId: `sandbox-${request.orderId}`,
        rekening: null,
        billerCode: null,
        qrString: null,
        qrUrl: null,
        deeplink: null,
      }
      const shape = VA_SHAPES[request.method]
      if (shape) {
        return {
          ...none,
          rekening:
            shape.prefix + digitsFor(request.orderId, request.method, shape.length - shape.prefix.length),
        }
      }
      switch (request.method) {
        case 'mandiri_bill':
          return {
            ...none,
            rekening: digitsFor(request.orderId, 'mandiri', 12),
            billerCode: SANDBOX_MANDIRI_BILLER_CODE,
          }
        case 'qris':
          return {
            ...none,
            qrString: qrisPayload(SANDBOX_QRIS_MERCHANT, request.grossAmount, request.orderId),
          }
        case 'gopay':
        case 'shopeepay': {
          const link = `${simulator(request.orderId)}&app=${request.method}`
          return { ...none, deeplink: link, qrString: link }
        }
        default:
          throw new Error(`sandbox: no payment method ${String(request.method)}`)
      }
    },
    async status() {
      return null
    },
    async cancel() {
      return null
    },
    async refund(orderId: string, request: RefundRequest) {
      const earlier = refunds.get(request.refundKey)
      if (earlier) {
        if (earlier.orderId !== orderId || earlier.amount !== request.amount) {
          throw new Error(`sandbox: refund key ${request.refundKey} was used for another refund`)
        }
        return { reference: earlier.reference }
      }
      if (!Number.isInteger(request.amount) || request.amount <= 0) {
        throw new Error(`sandbox: a refund of ${request.amount} cannot be made`)
      }
      const reference = `SBX-RF-${createHash('sha256').update(request.refundKey).digest('hex').slice(0, 12).toUpperCase()}`
      refunds.set(request.refundKey, { orderId, amount: request.amount, reference })
      return { reference }
    },
  }
}
