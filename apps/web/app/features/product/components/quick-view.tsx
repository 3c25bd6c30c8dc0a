import { lazy, Suspense } from 'react'
import { useOverlayStore } from '~/lib/overlay-store'

const QuickViewDialog = lazy(() =>
  import('./quick-view-dialog').then((m) => ({ default: m.QuickViewDialog })),
)

/**
 * Quick-view popup of a product at laptop width (docs/product/shopping.md §2), opened through
 * useOverlayStore().openQuickView by the product cards; rendered once by the shell. Its code loads on
 * first use, so pages that never open it do not pay for it. The shell's scroll lock covers it
 * (quickViewCode in the overlay store).
 */
export function QuickView() {
  const code = useOverlayStore((s) => s.quickViewCode)
  if (!code) return null
  return (
    <Suspense fallback={null}>
      <QuickViewDialog code={code} />
    </Suspense>
  )
}
