import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, setCsrfToken, staffApi, staffFetch, staffPage, whenSignedOut } from './api.ts'
import i18n from './i18n.ts'

type Call = { url: string; init: RequestInit }

/** fetch answering `answer` and remembering each call. */
function stubFetch(answer: () => Response) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return answer()
    }),
  )
  return calls
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const headersOf = (call: Call) => call.init.headers as Record<string, string>

describe('staff API client', () => {
  beforeEach(() => setCsrfToken(null))
  afterEach(() => whenSignedOut(() => {}))

  it('sends the CSRF token on calls that change something, never on reads', async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: null }))
    setCsrfToken('token-1')
    await staffApi('POST', '/vouchers', { body: { code: 'A' } })
    await staffApi('PATCH', '/vouchers/1', { body: {} })
    await staffApi('DELETE', '/menus/2')
    await staffApi('GET', '/vouchers')
    expect(calls.map((call) => headersOf(call)['x-csrf-token'])).toEqual([
      'token-1',
      'token-1',
      'token-1',
      undefined,
    ])
  })

  it('sends no CSRF header once the token is forgotten', async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: null }))
    setCsrfToken('token-1')
    setCsrfToken(null)
    await staffApi('POST', '/auth/logout')
    expect(headersOf(calls[0]!)).not.toHaveProperty('x-csrf-token')
  })

  it('sends a body as JSON under /api/admin/v1 with the query, skipping empty values', async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: { id: 7 } }))
    const data = await staffApi<{ id: number }>('POST', '/products', {
      body: { product_code: 'A1' },
      query: { q: 'kebaya', page: 2, empty: '', none: null, gone: undefined, on: false },
    })
    expect(data).toEqual({ id: 7 })
    expect(calls[0]!.url).toBe('/api/admin/v1/products?q=kebaya&page=2&on=false')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBe('{"product_code":"A1"}')
    expect(calls[0]!.init.credentials).toBe('same-origin')
    expect(headersOf(calls[0]!)['content-type']).toBe('application/json')
  })

  it('sends a form as it is, without a JSON content type', async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: null }))
    const form = new FormData()
    form.append('file', new Blob(['x']), 'a.jpg')
    await staffApi('POST', '/products/A1/media/images', { form })
    expect(calls[0]!.init.body).toBe(form)
    expect(headersOf(calls[0]!)).not.toHaveProperty('content-type')
  })

  it("asks for answers in the UI's language", async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: null }))
    await staffApi('GET', '/me')
    await i18n.changeLanguage('id')
    await staffApi('GET', '/me')
    expect(calls.map((call) => headersOf(call)['accept-language'])).toEqual(['en', 'id'])
  })

  it('signs out on 401 STF002 (the session is gone) and throws the error', async () => {
    stubFetch(() => json({ status: false, message: 'Session expired', code: 'STF002', data: null }, 401))
    const signedOut = vi.fn()
    whenSignedOut(signedOut)
    const error = await staffApi('GET', '/orders').catch((caught: unknown) => caught)
    expect(signedOut).toHaveBeenCalledOnce()
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'STF002', message: 'Session expired' })
  })

  it('keeps the session on any other 401 (a wrong password or code) and on a 403', async () => {
    const signedOut = vi.fn()
    whenSignedOut(signedOut)
    stubFetch(() => json({ status: false, message: 'Wrong password', code: 'STF001', data: null }, 401))
    await expect(staffApi('POST', '/auth/login', { body: {} })).rejects.toMatchObject({ code: 'STF001' })
    stubFetch(() => json({ status: false, message: 'Not your screen', code: 'STF003', data: null }, 403))
    await expect(staffApi('GET', '/staff')).rejects.toMatchObject({ status: 403, code: 'STF003' })
    expect(signedOut).not.toHaveBeenCalled()
  })

  it("hands over the server's refused fields (REQ001)", async () => {
    stubFetch(() =>
      json(
        {
          status: false,
          message: 'Invalid request',
          code: 'REQ001',
          data: null,
          errors: [{ field: 'body.code', message: 'is taken' }],
        },
        400,
      ),
    )
    await expect(staffApi('POST', '/vouchers', { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'REQ001',
      fields: [{ field: 'body.code', message: 'is taken' }],
    })
  })

  it('falls back to the status text when the answer is not JSON', async () => {
    stubFetch(() => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))
    const error = await staffFetch('GET', '/orders').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 502, code: undefined, message: 'Bad Gateway', fields: [] })
  })

  it('reads a page of rows and the number of pages', async () => {
    const calls = stubFetch(() => json({ status: true, message: 'ok', data: [{ id: 1 }], total_pages: 3 }))
    await expect(staffPage('/orders', { page: 2 })).resolves.toEqual({ rows: [{ id: 1 }], totalPages: 3 })
    expect(calls[0]!.url).toBe('/api/admin/v1/orders?page=2')
  })
})
