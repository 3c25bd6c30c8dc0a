import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { isCountdownActive, productBadge, productPath } from '@busana/contract'
import { useApi } from '~/lib/browser-api'
import { useOverlayStore } from '~/lib/overlay-store'
import { TrackedLink } from '~/lib/tracked-link'
import { WIDE_QUERY } from '~/lib/use-hydrated'
import { useProductStore } from '../product-store'
import { useMemberSession } from '../use-member-session'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { Countdown } from './countdown'
import { ProductBadge } from './product-badge'
import { galleryMedia, ProductGallery } from './product-gallery'
import { ProductPrice } from './product-price'
import { PurchasePanel } from './purchase-panel'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { useModalFocus } from '~/components/ui/modal-focus.ts'

/**
 * The quick-view popup's body: loads the product in the browser through the product store and shows
 * gallery, badge, price, countdown, sizes, Add to bag, the wishlist toggle and a link to the product
 * page. A bundle gets no sizes and no Add to bag (PurchasePanel says its pieces are chosen on its
 * page, where the bundle panel is). Closes on the backdrop, Escape and the close button.
 */
export function QuickViewDialog({ code }: { code: string }) {
  const t = useNamespaceT('product')
  const titleId = useId()
  const close = useOverlayStore((s) => s.closeQuickView)
  const api = useApi()
  const session = useMemberSession()
  const { detail, loading, failed, load, clear } = useProductStore()
  const closeButton = useRef<HTMLButtonElement>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const token = session?.token

  useEffect(() => {
    void load(api, code, token)
  }, [api, code, token, load])

  // Focus in, Tab kept inside, Escape, focus back to the card (issue 29).
  useModalFocus(dialog, close, closeButton)
  useLayoutEffect(() => {
    const wide = window.matchMedia(WIDE_QUERY)
    // Quick view exists at laptop width only (docs/product/shopping.md §9): narrower screens navigate
    // instead.
    const onWidth = () => {
      if (!wide.matches) close()
    }
    onWidth()
    wide.addEventListener('change', onWidth)
    return () => {
      wide.removeEventListener('change', onWidth)
      clear()
    }
  }, [close, clear])

  const product = detail && detail.product_code.toLowerCase() === code.toLowerCase() ? detail : null
  const countdown =
    product && product.countdown && product.end_at && isCountdownActive(product) ? product.end_at : null

  return (
    <div
      data-testid="quick-view-backdrop"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-8"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close()
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading}
        className="relative grid max-h-[88vh] w-full max-w-5xl grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-8 overflow-y-auto bg-white p-6 shadow-2xl"
      >
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          aria-label={t('quickView.close', 'Close')}
          className="absolute top-3 right-3 z-10 grid h-9 w-9 place-items-center rounded-full bg-white text-neutral-500 hover:bg-neutral-100 hover:text-ink"
        >
          <CloseIcon className="h-5 w-5" strokeWidth={1.8} />
        </button>
        {product ? (
          <>
            <ProductGallery media={galleryMedia(product)} name={product.product_name} perPage={1} />
            <div className="flex flex-col gap-5 py-2 pr-6">
              <div className="space-y-3">
                <ProductBadge badge={productBadge(product)} />
                <h2 id={titleId} className="text-2xl font-medium tracking-tight text-ink">
                  {product.product_name}
                </h2>
                <ProductPrice product={product} />
              </div>
              {countdown && (
                <Countdown
                  endAt={countdown}
                  upcoming={product.product_lable === 'COMING-SOON'}
                  onFinish={() => void load(api, code, token)}
                />
              )}
              <PurchasePanel product={product} session={session} api={api} onSignIn={close} />
              <TrackedLink
                to={productPath(product)}
                onClick={close}
                className="text-sm font-medium text-ink underline underline-offset-4 hover:text-neutral-600"
              >
                {t('quickView.details', 'View details')}
              </TrackedLink>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId} className="sr-only">
              {t('quickView.title', 'Quick view')}
            </h2>
            {failed ? (
              <p className="col-span-2 py-16 text-center text-sm text-neutral-600">
                {t('quickView.failed', 'This product could not be loaded.')}
              </p>
            ) : (
              <>
                <div className="aspect-[3/4] w-full animate-pulse rounded bg-neutral-100" />
                <div className="space-y-4 py-2" aria-hidden="true">
                  <div className="h-7 w-3/4 animate-pulse rounded bg-neutral-100" />
                  <div className="h-6 w-1/3 animate-pulse rounded bg-neutral-100" />
                  <div className="h-12 w-full animate-pulse rounded bg-neutral-100" />
                </div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  )
}
