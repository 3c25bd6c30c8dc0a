import type { ReactElement } from 'react'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { render } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { vi } from 'vitest'
import type { CartLine } from '@busana/contract'
import { createI18n } from '~/lib/i18n.ts'
import { testRootData, testTranslations } from '~/lib/test-utils.tsx'
import en from '~/locales/en/cart.json'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'

/** A bag line as GET /api/v1/cart answers it (checked by the fake server's answers). */
export function makeLine(overrides: Partial<CartLine> = {}): CartLine {
  const id = overrides.id_line ?? 1
  return {
    id_line: id,
    id_brand: 9,
    brand_name: 'Prepps',
    product_code: `PRP-10${id}`,
    product_name: `Kemeja Linen ${id}`,
    sku_product: `PRP-10${id}-M`,
    ukuran: 'M',
    qty: '1',
    price: 100_000,
    url_image: [`/media/p/${id}.svg`],
    max_qty: 10,
    available: true,
    ...overrides,
  }
}

/** An error answer (the contract's error envelope): status, catalogue code, message. */
export const fail = apiError

/**
 * A fake bag server on window.fetch: GET /api/v1/cart answers `lines`; update and remove change them
 * (or answer `next` once when set). Every answer is checked against the contract.
 */
export function fakeCartServer(initial: CartLine[]) {
  const server = {
    lines: initial,
    /** The next update/remove answer, instead of the default success. */
    next: null as Response | null,
    fetch: vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x')
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
      if (server.next && url.pathname !== '/api/v1/cart') {
        const answer = server.next
        server.next = null
        return answer
      }
      if (url.pathname === '/api/v1/cart') return apiAnswer('GET /api/v1/cart', server.lines)
      if (url.pathname === '/api/v1/cart/update') {
        const [item] = body.items as { id_line: number; qty: number }[]
        server.lines = server.lines.map((l) =>
          l.id_line === item!.id_line ? { ...l, qty: String(item!.qty) } : l,
        )
        return apiAnswer('POST /api/v1/cart/update', server.lines, 'Bag updated')
      }
      if (url.pathname === '/api/v1/cart/remove') {
        server.lines = server.lines.filter((l) => l.id_line !== body.id_line)
        return apiAnswer('POST /api/v1/cart/remove', server.lines, 'Item removed from your bag')
      }
      // The API answers the bag after an add (CartResponseSchema), not null.
      if (url.pathname === '/api/v1/cart/add')
        return apiAnswer('POST /api/v1/cart/add', server.lines, 'Added to bag')
      return fail(404, 'REQ003', 'Route not found')
    }),
  }
  return server
}

export { stubMatchMedia } from '~/lib/test-utils.tsx'

/**
 * Renders like the app: a data router whose root carries the root loader data (useApi, TrackedLink),
 * /checkout and /checkout-as-guest as landing pages, and the common and cart namespaces in English.
 */
export function renderCartApp(ui: ReactElement, path = '/cart') {
  const rootData = testRootData()
  const i18n = createI18n('en', { en: { ...testTranslations.en, cart: en } }, { load: false })
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData,
      children: [
        { path: 'checkout', Component: () => <p>member checkout page</p> },
        { path: 'checkout-as-guest', Component: () => <p>guest checkout page</p> },
        { path: '*', Component: () => ui },
      ],
    },
  ])
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}
