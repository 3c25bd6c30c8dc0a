/**
 * Fake answers of the alert calls (issue 42), checked against the contract like `apiAnswer` does for
 * the calls in app/test/contract-answer.ts (the alert calls can move into its API_CALLS table).
 */
import type { z } from 'zod'
import {
  AlertDeleteResponseSchema,
  AlertListResponseSchema,
  AlertResponseSchema,
} from '@busana/contract/schemas'
import { contractAnswer } from '~/test/contract-answer.ts'
import type { Alert } from './alerts.api'

const ALERT_CALLS = {
  'GET /api/v1/member/alerts': AlertListResponseSchema,
  'POST /api/v1/member/alerts': AlertResponseSchema,
  'DELETE /api/v1/member/alerts/:id': AlertDeleteResponseSchema,
} as const
type AlertCall = keyof typeof ALERT_CALLS

/** A success answer of an alert call on window.fetch, checked against the call's schema. */
export function alertAnswer<C extends AlertCall>(
  call: C,
  data: z.input<(typeof ALERT_CALLS)[C]>['data'],
  message = 'OK',
): Response {
  const envelope = contractAnswer(ALERT_CALLS[call] as z.ZodType, { status: 200, message, data }, call)
  return new Response(JSON.stringify(envelope), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })
}

/** An alert as the calls answer it: a size of the fixtures' Linen Shirt Dress unless told. */
export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '1',
    kind: 'BACK_IN_STOCK',
    product_code: 'BSN-001',
    product_name: 'Linen Shirt Dress',
    sku_product: 'BSN-001-M',
    ukuran: 'M',
    price_then: null,
    created_at: '2026-12-01T10:00:00+07:00',
    ...overrides,
  }
}
