import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react'

/** The default picture shown when a product image fails (docs/product/shopping.md §2, Product card). */
export const FALLBACK_IMAGE = '/media/fallback.svg'

/**
 * An image that swaps to the fallback picture when it fails. An image may fail before hydration
 * (its error event is then lost), so the mount effect checks a finished load with no pixels too.
 */
export function FallbackImage({ src, alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const ref = useRef<HTMLImageElement>(null)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const shown = !src || failedSrc === src ? FALLBACK_IMAGE : src

  useEffect(() => {
    const img = ref.current
    if (img && src && img.complete && img.naturalWidth === 0 && img.getAttribute('src') === src)
      setFailedSrc(src)
  }, [src])

  return (
    <img
      {...props}
      ref={ref}
      src={shown}
      alt={alt}
      // The LCP image (high priority) paints in the frame it arrives in, not after the scripts
      // that run meanwhile; the others decode off the main thread.
      decoding={props.fetchPriority === 'high' ? 'sync' : 'async'}
      onError={() => {
        if (shown !== FALLBACK_IMAGE) setFailedSrc(src)
      }}
    />
  )
}
