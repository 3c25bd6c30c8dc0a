import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSessionStore } from '~/lib/session-store'
import { useAlertsStore } from '~/shared/alerts/alerts-store'
import type { Alert } from '~/shared/alerts/alerts.api'
import { alertAnswer, makeAlert } from '~/shared/alerts/alerts.test-utils'
import { makeProduct, variant } from '../product.fixtures'
import { renderWithI18n } from '../product.test-utils'
import { PurchasePanel, type MemberSession } from './purchase-panel'

const initialOverlay = useOverlayStore.getState()
afterEach(() => {
  useOverlayStore.setState(initialOverlay, true)
  useAlertsStore.getState().reset()
  useSessionStore.setState({ user: null })
})

const MESSAGE = "We'll tell you when it's back"

/** A fake API keeping the member's alerts: GET lists them, POST adds one (the same one again), DELETE drops it. */
function setup(
  options: { session?: MemberSession; waiting?: Alert[]; product?: ReturnType<typeof makeProduct> } = {},
) {
  const alerts = [...(options.waiting ?? [])]
  const calls: { method: string; url: string; body?: unknown }[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? (JSON.parse(String(init.body)) as { sku_product: string }) : undefined
    calls.push({ method, url: input, body })
    if (method === 'POST') {
      const alert =
        alerts.find((a) => a.sku_product === body!.sku_product) ??
        makeAlert({ id: String(alerts.length + 10), sku_product: body!.sku_product, ukuran: 'M' })
      if (!alerts.includes(alert)) alerts.unshift(alert)
      return alertAnswer('POST /api/v1/member/alerts', alert, MESSAGE)
    }
    if (method === 'DELETE') {
      const id = new URL(input, 'http://x').pathname.split('/').pop()!
      alerts.splice(
        alerts.findIndex((a) => a.id === id),
        1,
      )
      return alertAnswer('DELETE /api/v1/member/alerts/:id', { id }, 'Alert turned off')
    }
    return alertAnswer('GET /api/v1/member/alerts', [...alerts])
  })
  const api = createApiClient({ fetch, brandId: 9 })
  const product =
    options.product ?? makeProduct({ variant: [variant('S'), variant('M', 'sold'), variant('L')] })
  const ui = (session: MemberSession) => <PurchasePanel product={product} session={session} api={api} />
  const view = renderWithI18n(ui(options.session ?? null))
  return {
    calls,
    user: userEvent.setup(),
    signIn: (token: string) => view.rerender(ui({ token })),
  }
}

const size = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })
const askButton = () => screen.getByRole<HTMLButtonElement>('button', { name: "Tell me when it's back" })
const turnOff = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Turn off the alert for size M' })
const message = () => useOverlayStore.getState().message?.text

describe("Tell me when it's back (issue 42)", () => {
  it('takes the place of Add to bag when the chosen size is sold out', async () => {
    const { user, calls } = setup()
    // A sold-out size stays crossed out and named so, but can be chosen.
    expect(size('M, sold out').disabled).toBe(false)
    expect(size('M, sold out').closest('label')!.className).toContain('line-through')
    expect(screen.queryByRole('button', { name: "Tell me when it's back" })).toBeNull()
    await user.click(size('M, sold out'))
    expect(size('M, sold out').checked).toBe(true)
    expect(screen.queryByRole('button', { name: 'Add to bag' })).toBeNull()
    expect(askButton().getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('This size is sold out.')).toBeTruthy()
    // Back to a size in stock: Add to bag again.
    await user.click(size('L'))
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to bag' }).disabled).toBe(false)
    // A visitor's page asks nothing.
    expect(calls).toEqual([])
  })

  it("asks for a member's size, says the server's message and reads as on", async () => {
    const { user, calls } = setup({ session: { token: 'tok' } })
    await waitFor(() => expect(useAlertsStore.getState().alerts).toEqual([]))
    await user.click(size('M, sold out'))
    await user.click(askButton())
    await waitFor(() => expect(message()).toBe(MESSAGE))
    expect(screen.getByTestId('back-in-stock-on').textContent).toContain("We'll tell you when it's back")
    expect(document.activeElement).toBe(turnOff())
    expect(calls).toEqual([
      { method: 'GET', url: '/api/v1/member/alerts?token=tok', body: undefined },
      {
        method: 'POST',
        url: '/api/v1/member/alerts?token=tok',
        body: { kind: 'BACK_IN_STOCK', product_code: 'BSN-001', sku_product: 'BSN-001-M' },
      },
    ])
  })

  it('shows a size already asked for as on, and turns it off', async () => {
    const waiting = makeAlert({ id: '7', sku_product: 'BSN-001-M', ukuran: 'M' })
    const { user, calls } = setup({ session: { token: 'tok' }, waiting: [waiting] })
    await user.click(size('M, sold out'))
    await screen.findByTestId('back-in-stock-on')
    await user.click(turnOff())
    await waitFor(() => expect(message()).toBe('Alert turned off'))
    expect(askButton()).toBeTruthy()
    expect(document.activeElement).toBe(askButton())
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      url: '/api/v1/member/alerts/7?token=tok',
      body: undefined,
    })
  })

  it("opens the sign-in dialog for a visitor, and asks once they've signed in", async () => {
    const { user, calls, signIn } = setup()
    await user.click(size('M, sold out'))
    await user.click(askButton())
    expect(useOverlayStore.getState().auth).toEqual({ open: true, section: 'login', purpose: 'default' })
    expect(calls).toEqual([])
    // The login section signs in, then closes the dialog; the route hands the panel the session.
    useSessionStore.getState().setUser({ token: 'new', id_pelanggan: 7 })
    useOverlayStore.getState().closeAuth()
    signIn('new')
    await waitFor(() => expect(message()).toBe(MESSAGE))
    expect(await screen.findByTestId('back-in-stock-on')).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/member/alerts?token=new',
        body: { kind: 'BACK_IN_STOCK', product_code: 'BSN-001', sku_product: 'BSN-001-M' },
      },
    ])
  })

  it('drops the press when the dialog closes without a sign-in', async () => {
    const { user, calls } = setup()
    await user.click(size('M, sold out'))
    await user.click(askButton())
    useOverlayStore.getState().closeAuth()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toEqual([])
    expect(askButton()).toBeTruthy()
  })

  it('offers it for any size of a sold-out product, once a size is chosen', async () => {
    const { user } = setup({
      product: makeProduct({ status: 'sold', variant: [variant('S'), variant('M')] }),
    })
    expect(
      screen.getByText("This product is out of stock. Choose a size and we'll tell you when it's back."),
    ).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to bag' }).disabled).toBe(true)
    await user.click(size('S, sold out'))
    expect(askButton()).toBeTruthy()
  })

  it('asks nothing for a member on a product with every size in stock', async () => {
    const { calls } = setup({ session: { token: 'tok' }, product: makeProduct() })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toEqual([])
  })
})
