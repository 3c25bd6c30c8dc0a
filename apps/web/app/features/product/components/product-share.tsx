import { lazy, Suspense, useEffect } from 'react'
import { useOverlayStore } from '~/lib/overlay-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

const loadDialog = () => import('./share-dialog')
// Pure: a page that renders the button from its own lazy import drops this module (decision 040).
const ShareDialog = /* @__PURE__ */ lazy(() => loadDialog().then((m) => ({ default: m.ShareDialog })))

/**
 * The Share button and its dialog. The dialog's code (with react-share) loads on first use; hovering
 * or focusing the button starts the download early. Open state lives in the overlay store
 * (`shareOpen`), so the shell's scroll lock covers it.
 */
export function ProductShare({ url, title }: { url: string; title: string }) {
  const t = useNamespaceT('product')
  const open = useOverlayStore((s) => s.shareOpen)
  const setShare = useOverlayStore((s) => s.setShare)

  // Leaving the page closes the dialog (and releases the scroll lock).
  useEffect(() => () => setShare(false), [setShare])

  return (
    <>
      <button
        type="button"
        aria-label={t('share.button', 'Share')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setShare(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-neutral-700 transition-colors hover:bg-neutral-100 hover:text-ink"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
        >
          <circle cx="18" cy="5" r="2.5" />
          <circle cx="6" cy="12" r="2.5" />
          <circle cx="18" cy="19" r="2.5" />
          <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog url={url} title={title} onClose={() => setShare(false)} />
        </Suspense>
      )}
    </>
  )
}
