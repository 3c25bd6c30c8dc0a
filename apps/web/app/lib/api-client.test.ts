import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { apiAnswer } from '~/test/contract-answer.ts'

/** A fetch that records the headers of each call and answers an empty bag (the calls are the bag's). */
function recordingFetch() {
  const sent: Headers[] = []
  const fetch = vi.fn(async (_input: string, init?: RequestInit) => {
    sent.push(new Headers(init?.headers))
    return apiAnswer('GET /api/v1/cart', [])
  })
  return { fetch, sent }
}

describe('the language header', () => {
  it("sends the shopper's language as Accept-Language on every call", async () => {
    const { fetch, sent } = recordingFetch()
    const api = createApiClient({ fetch, brandId: 9, language: 'id' })
    await api.request('/api/v1/cart', { member: true })
    await api.request('/api/v1/cart/add', { method: 'POST', body: {} })
    expect(sent.map((headers) => headers.get('accept-language'))).toEqual(['id', 'id'])
  })

  it("follows the browser's current language when given as a function", async () => {
    const { fetch, sent } = recordingFetch()
    let language = 'en'
    const api = createApiClient({ fetch, brandId: 9, language: () => language })
    await api.request('/api/v1/cart')
    language = 'id'
    await api.request('/api/v1/cart')
    expect(sent.map((headers) => headers.get('accept-language'))).toEqual(['en', 'id'])
  })

  it('sends none when no language is known (the API answers English)', async () => {
    const { fetch, sent } = recordingFetch()
    await createApiClient({ fetch, brandId: 9, language: () => null }).request('/api/v1/cart')
    expect(sent[0]!.has('accept-language')).toBe(false)
  })
})
