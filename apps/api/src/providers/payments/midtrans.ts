import type {
  ChargeRequest,
  PaymentInstructions,
  PaymentMethodCode,
  PaymentProvider,
  ProviderStatus,
  RefundRequest,
} from './payments.ts'

/** The Core API's origin, by the servers' shared config (the storefront's policy reads the same). */
export { midtransApiUrl } from '@busana/server/config'

export interface MidtransOptions {
  /** The Core API's origin (MIDTRANS_API_URL, else by MIDTRANS_IS_PRODUCTION; a local fake in tests). */
  url: string
  serverKey: string
  /** Where GoPay and ShopeePay send the shopper back after paying: the order's page. */
  returnUrl: (idSalesHeader: string) => string
}

/** The fields of a Midtrans Core API answer we read (charge, status and cancel answer alike). */
interface MidtransAnswer {
  status_code?: string
  status_message?: string
  transaction_id?: string
  order_id?: string
  gross_amount?: string
  payment_type?: string
  transaction_status?: string
  fraud_status?: string
  va_numbers?: Array<{ bank?: string; va_number?: string }>
  permata_va_number?: string
  bill_key?: string
  biller_code?: string
  qr_string?: string
  actions?: Array<{ name?: string; method?: string; url?: string }>
  /** A refund's answer: Midtrans' id of the refund, and the key it was asked with. */
  refund_chargeback_id?: number | string
  refund_key?: string
  /** The status answer of a refunded transaction: each refund made. */
  refunds?: Array<{ refund_chargeback_id?: number | string; refund_key?: string; refund_amount?: string }>
}

/** The shop's clock as Midtrans' custom_expiry wants it: '2026-11-23 19:05:00 +0700'. */
export function midtransTime(date: Date): string {
  return `${new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')} +0700`
}

/** The method's part of a charge body (Core API: bank_transfer, echannel, gopay, shopeepay, qris). */
function methodBody(method: PaymentMethodCode, returnUrl: string): Record<string, unknown> {
  switch (method) {
    case 'bca_va':
    case 'bni_va':
    case 'bri_va':
    case 'permata_va':
      return { payment_type: 'bank_transfer', bank_transfer: { bank: method.slice(0, -3) } }
    case 'mandiri_bill':
      return {
        payment_type: 'echannel',
        echannel: { bill_info1: 'Payment for:', bill_info2: 'Busana order' },
      }
    case 'gopay':
      return { payment_type: 'gopay', gopay: { enable_callback: true, callback_url: returnUrl } }
    case 'shopeepay':
      return { payment_type: 'shopeepay', shopeepay: { callback_url: returnUrl } }
    case 'qris':
      return { payment_type: 'qris', qris: { acquirer: 'gopay' } }
  }
}

const action = (answer: MidtransAnswer, name: string) =>
  answer.actions?.find((a) => a.name === name)?.url ?? null

/** What the shopper needs from a charge (or status) answer of this method. */
function instructions(base: string, method: PaymentMethodCode, answer: MidtransAnswer): PaymentInstructions {
  const transactionId = answer.transaction_id ?? null
  const result: PaymentInstructions = {
    transactionId,
    rekening: null,
    billerCode: null,
    qrString: null,
    qrUrl: null,
    deeplink: null,
  }
  switch (method) {
    case 'permata_va':
      result.rekening = answer.permata_va_number ?? answer.va_numbers?.[0]?.va_number ?? null
      break
    case 'bca_va':
    case 'bni_va':
    case 'bri_va':
      result.rekening =
        answer.va_numbers?.find((va) => va.bank === method.slice(0, -3))?.va_number ??
        answer.va_numbers?.[0]?.va_number ??
        null
      break
    case 'mandiri_bill':
      result.rekening = answer.bill_key ?? null
      result.billerCode = answer.biller_code ?? null
      break
    case 'gopay':
      result.deeplink = action(answer, 'deeplink-redirect')
      result.qrUrl =
        action(answer, 'generate-qr-code') ??
        (transactionId ? `${base}/v2/gopay/${transactionId}/qr-code` : null)
      break
    case 'shopeepay':
      result.deeplink = action(answer, 'deeplink-redirect')
      break
    case 'qris':
      result.qrString = answer.qr_string ?? null
      result.qrUrl =
        action(answer, 'generate-qr-code') ??
        (transactionId ? `${base}/v2/qris/${transactionId}/qr-code` : null)
      break
  }
  if (!result.rekening && !result.deeplink && !result.qrString && !result.qrUrl) {
    throw new Error(`midtrans: the answer for ${method} carries no way to pay`)
  }
  return result
}

const asStatus = (answer: MidtransAnswer): ProviderStatus => ({
  transactionStatus: answer.transaction_status ?? (answer.status_code === '404' ? 'not_found' : 'unknown'),
  statusCode: answer.status_code ?? '',
  grossAmount: answer.gross_amount ?? null,
  fraudStatus: answer.fraud_status ?? null,
})

/** A Midtrans error: the HTTP status or the body's status_code, and its message (never the key). */
export class MidtransError extends Error {
  constructor(
    readonly statusCode: string,
    message: string,
  ) {
    super(`midtrans: ${statusCode} ${message}`)
  }
}

/**
 * The Midtrans Core API (PAYMENT_PROVIDER=midtrans): `POST /v2/charge` per method with the order's
 * deadline as custom_expiry, `GET /v2/{order_id}/status`, `POST /v2/{order_id}/cancel`, each with
 * Basic auth of the server key. Midtrans answers some errors with HTTP 200 and a status_code of 400
 * or more in the body (its Node client rejects those, except 407 from status: an expired
 * transaction); so do we. A charge answered 406 (the order id was charged already: our earlier
 * attempt went through but its answer was lost) reads the transaction's status instead.
 *
 * Refunds (issue 40) use the direct refund, `POST /v2/{order_id}/refund/online/direct` with
 * refund_key, amount and reason: GoPay, ShopeePay and QRIS are refunded by their provider at once
 * rather than in one or two days. Only status_code 200 is a refund made; anything else (201/202
 * pending or denied, 4xx) throws with Midtrans' message. The same refund_key asked again never
 * refunds twice at Midtrans; when a retry is refused (the first one went through but its answer
 * was lost), the transaction's status is read and the refund with our key, if listed, answered.
 */
export function midtransPayments(options: MidtransOptions): PaymentProvider {
  const base = options.url.replace(/\/+$/, '')
  const authorization = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<MidtransAnswer> {
    const response = await fetch(`${base}${path}`, {
      method,
      signal,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = (await response.json().catch(() => null)) as MidtransAnswer | null
    if (!answer || typeof answer !== 'object')
      throw new MidtransError(String(response.status), 'unexpected answer')
    const code = answer.status_code ?? String(response.status)
    if (!response.ok || Number(code) >= 400) {
      throw new MidtransError(code, answer.status_message ?? 'error')
    }
    return answer
  }

  const orderPath = (orderId: string) => `/v2/${encodeURIComponent(orderId)}`

  async function status(orderId: string, signal: AbortSignal): Promise<ProviderStatus> {
    try {
      return asStatus(await call('GET', `${orderPath(orderId)}/status`, undefined, signal))
    } catch (error) {
      // 407: the status of an expired transaction; 404: Midtrans has no such transaction.
      if (error instanceof MidtransError && error.statusCode === '407') {
        return { transactionStatus: 'expire', statusCode: '407', grossAmount: null, fraudStatus: null }
      }
      if (error instanceof MidtransError && error.statusCode === '404') {
        return { transactionStatus: 'not_found', statusCode: '404', grossAmount: null, fraudStatus: null }
      }
      throw error
    }
  }

  return {
    name: 'midtrans',
    serverKey: options.serverKey,
    async charge(request: ChargeRequest, signal): Promise<PaymentInstructions> {
      const minutes = Math.max(
        1,
        Math.round((request.expiresAt.getTime() - request.orderTime.getTime()) / 60_000),
      )
      const [firstName, ...rest] = request.customer.name.trim().split(/\s+/)
      const body = {
        ...methodBody(request.method, options.returnUrl(request.idSalesHeader)),
        transaction_details: { order_id: request.orderId, gross_amount: request.grossAmount },
        customer_details: {
          first_name: firstName || 'Customer',
          ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
          ...(request.customer.email ? { email: request.customer.email } : {}),
          phone: request.customer.phone,
        },
        custom_expiry: {
          order_time: midtransTime(request.orderTime),
          expiry_duration: minutes,
          unit: 'minute',
        },
      }
      try {
        return instructions(base, request.method, await call('POST', '/v2/charge', body, signal))
      } catch (error) {
        if (!(error instanceof MidtransError) || error.statusCode !== '406') throw error
        return instructions(
          base,
          request.method,
          await call('GET', `${orderPath(request.orderId)}/status`, undefined, signal),
        )
      }
    },
    status,
    async refund(orderId: string, request: RefundRequest, signal: AbortSignal) {
      const body = {
        refund_key: request.refundKey,
        amount: request.amount,
        reason: request.reason.slice(0, 255),
      }
      try {
        const answer = await call('POST', `${orderPath(orderId)}/refund/online/direct`, body, signal)
        if (answer.status_code !== '200') {
          throw new MidtransError(answer.status_code ?? '', answer.status_message ?? 'refund not made')
        }
        return { reference: String(answer.refund_chargeback_id ?? answer.refund_key ?? request.refundKey) }
      } catch (error) {
        if (!(error instanceof MidtransError)) throw error
        const made = await call('GET', `${orderPath(orderId)}/status`, undefined, signal)
          .then((answer) => answer.refunds?.find((r) => r.refund_key === request.refundKey))
          .catch(() => undefined)
        if (!made) throw error
        return { reference: String(made.refund_chargeback_id ?? request.refundKey) }
      }
    },
    async cancel(orderId, signal) {
      try {
        return asStatus(await call('POST', `${orderPath(orderId)}/cancel`, {}, signal))
      } catch (error) {
        // 412: the status can no longer change (settled, or already expired): answer what it is.
        if (error instanceof MidtransError && (error.statusCode === '412' || error.statusCode === '404')) {
          return status(orderId, signal)
        }
        throw error
      }
    },
  }
}
