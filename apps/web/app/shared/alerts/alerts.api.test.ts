import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { Alert as ContractAlert, AlertCreateBody } from '@busana/contract/schemas'
import { createApiClient } from '~/lib/api-client'
import { alertAnswer, makeAlert } from './alerts.test-utils'
import { createAlert, deleteAlert, fetchAlerts, type Alert, type AlertRequest } from './alerts.api'

describe('alert calls (issue 42)', () => {
  it("state the contract's types (the zod-free core does not re-export them yet)", () => {
    expectTypeOf<Alert>().toEqualTypeOf<ContractAlert>()
    expectTypeOf<AlertRequest>().toExtend<AlertCreateBody>()
  })

  it('send the token as the wishlist calls do, and answer the data and the message', async () => {
    const calls: { method: string; url: string; body?: unknown }[] = []
    const fetch = vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        url: input,
        body: init?.body && JSON.parse(String(init.body)),
      })
      if (init?.method === 'POST') return alertAnswer('POST /api/v1/member/alerts', makeAlert(), 'On')
      if (init?.method === 'DELETE')
        return alertAnswer('DELETE /api/v1/member/alerts/:id', { id: '1' }, 'Alert turned off')
      return alertAnswer('GET /api/v1/member/alerts', [makeAlert()])
    })
    const api = createApiClient({ fetch, brandId: 9 })
    expect(await fetchAlerts(api, 'tok')).toEqual([makeAlert()])
    expect(
      await createAlert(api, 'tok', {
        kind: 'BACK_IN_STOCK',
        product_code: 'BSN-001',
        sku_product: 'BSN-001-M',
      }),
    ).toEqual({ alert: makeAlert(), message: 'On' })
    expect(await deleteAlert(api, 'tok', '1')).toBe('Alert turned off')
    expect(calls).toEqual([
      { method: 'GET', url: '/api/v1/member/alerts?token=tok', body: undefined },
      {
        method: 'POST',
        url: '/api/v1/member/alerts?token=tok',
        body: { kind: 'BACK_IN_STOCK', product_code: 'BSN-001', sku_product: 'BSN-001-M' },
      },
      { method: 'DELETE', url: '/api/v1/member/alerts/1?token=tok', body: undefined },
    ])
  })
})
