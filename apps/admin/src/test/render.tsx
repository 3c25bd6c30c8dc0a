import type { ReactElement, ReactNode } from 'react'
import { render, renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

/** A fresh query cache per test, never retrying (a refusal shows at once). */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

function providers(queryClient: QueryClient, path: string) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    )
  }
}

/** Renders a screen of the back office inside a query client and a router. */
export function renderScreen(ui: ReactElement, { path = '/', queryClient = testQueryClient() } = {}) {
  return { queryClient, ...render(ui, { wrapper: providers(queryClient, path) }) }
}

export function renderWithProviders<Result>(
  hook: () => Result,
  { path = '/', queryClient = testQueryClient() } = {},
) {
  return { queryClient, ...renderHook(hook, { wrapper: providers(queryClient, path) }) }
}

export type StaffCall = { method: string; url: string; body: unknown; headers: Record<string, string> }

/**
 * The staff API, faked at fetch: `answer` gets each call (method, path under /api/admin/v1 with its
 * query, JSON body) and returns the envelope's data, or a Response for a refusal. Every call is kept.
 */
export function fakeStaffApi(answer: (call: StaffCall) => unknown = () => null) {
  const calls: StaffCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: StaffCall = {
        method: init.method ?? 'GET',
        url: url.replace(/^\/api\/admin\/v1/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        headers: (init.headers ?? {}) as Record<string, string>,
      }
      calls.push(call)
      const data = answer(call)
      if (data instanceof Response) return data
      return new Response(JSON.stringify({ status: true, message: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/** A refusal as the staff API sends it. */
export const refusal = (status: number, code: string, message: string, errors?: unknown[]) =>
  new Response(JSON.stringify({ status: false, message, code, data: null, errors }), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/** jsdom has no modal <dialog>: open and close it as a browser would, for the dialogs' tests. */
export function stubModalDialog() {
  const prototype = HTMLDialogElement.prototype
  prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
}
