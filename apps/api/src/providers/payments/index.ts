import type { Config } from '../../config.ts'
import type { PaymentProvider } from './payments.ts'
import { midtransApiUrl, midtransPayments } from './midtrans.ts'
import { sandboxPayments } from './sandbox.ts'
import { SANDBOX_SERVER_KEY } from './signature.ts'

export type {
  ChargeRequest,
  PaymentInstructions,
  PaymentMethodCode,
  PaymentProvider,
  ProviderStatus,
  RefundRequest,
} from './payments.ts'
export { isPaymentMethodCode, PAYMENT_METHOD_CODES } from './payments.ts'
export { midtransAmount, notificationSignature, SANDBOX_SERVER_KEY, signatureMatches } from './signature.ts'

/** The payment adapter chosen by PAYMENT_PROVIDER (decision 020). */
export function createPayments(config: Config): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'midtrans':
      return midtransPayments({
        url: midtransApiUrl(config),
        serverKey: config.MIDTRANS_SERVER_KEY ?? '',
        returnUrl: (id) => `${config.PUBLIC_URL.replace(/\/+$/, '')}/member/order/${id}`,
      })
    case 'sandbox':
      return sandboxPayments({
        serverKey: config.MIDTRANS_SERVER_KEY ?? SANDBOX_SERVER_KEY,
        publicUrl: config.PUBLIC_URL,
      })
  }
}
