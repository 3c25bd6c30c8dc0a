import { startTransition, useCallback, useEffect, useState } from 'react'
import { toBundleOption, toCardView, type BundleOption, type CardView, type Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { fetchProduct } from './product.api'

/** What the product page shows below the first view or only after hydration. */
export type ProductExtras = {
  related: CardView[]
  options: Record<
    | 'bundling_option_1'
    | 'bundling_option_2'
    | 'bundling_option_3'
    | 'bundling_option_4'
    | 'bundling_option_5',
    BundleOption[]
  >
}

/** The lists the server leaves out of the page (issue 12), as the page keeps them. */
export function productExtras(
  product: Pick<
    Product,
    | 'related_product'
    | 'bundling_option_1'
    | 'bundling_option_2'
    | 'bundling_option_3'
    | 'bundling_option_4'
    | 'bundling_option_5'
  >,
): ProductExtras {
  return {
    related: product.related_product.map(toCardView),
    options: {
      bundling_option_1: product.bundling_option_1.map(toBundleOption),
      bundling_option_2: product.bundling_option_2.map(toBundleOption),
      bundling_option_3: product.bundling_option_3.map(toBundleOption),
      bundling_option_4: product.bundling_option_4.map(toBundleOption),
      bundling_option_5: product.bundling_option_5.map(toBundleOption),
    },
  }
}

export type ProductExtrasState =
  { state: 'loading' } | { state: 'failed'; retry: () => void } | ({ state: 'ready' } & ProductExtras)

/**
 * The related products and a bundle's options, asked for in the browser once the page is hydrated
 * (GET /api/v1/pages/product): both show only after hydration anyway (related cards in held places,
 * the bundle panel after its code loads), so the server's HTML does not carry them twice over. A
 * failure can be retried; a new product code starts again.
 */
export function useProductExtras(api: ApiClient, code: string): ProductExtrasState {
  const [answer, setAnswer] = useState<{ code: string; extras: ProductExtras | 'failed' } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setAnswer(null)
    setAttempt((n) => n + 1)
  }, [])

  useEffect(() => {
    const controller = new AbortController()
    fetchProduct(api, code, { signal: controller.signal, silent: true })
      // A transition: the related rail, a region still waiting for its code (decision 040), keeps
      // the server's held places until it can show the cards, instead of falling back to nothing.
      .then((product) => startTransition(() => setAnswer({ code, extras: productExtras(product) })))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ code, extras: 'failed' })
      })
    return () => controller.abort()
  }, [api, code, attempt])

  if (answer?.code !== code) return { state: 'loading' }
  if (answer.extras === 'failed') return { state: 'failed', retry }
  return { state: 'ready', ...answer.extras }
}
