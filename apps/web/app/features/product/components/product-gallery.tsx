import { useCallback, useEffect, useRef, useState } from 'react'
import { videoPlayerOf, type MediaItem, type Product } from '@busana/contract'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { FallbackImage } from './fallback-image'
import { ChevronIcon } from '~/components/ui/icons.tsx'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { scrollMotion } from '~/lib/motion.ts'

/** The gallery's items: url_media, else the product's images (docs/product/shopping.md §3). */
export function galleryMedia(product: Pick<Product, 'url_media' | 'url_images' | 'url_image'>): MediaItem[] {
  if (product.url_media.length > 0) return product.url_media
  const images =
    product.url_images.length > 0 ? product.url_images : product.url_image ? [product.url_image] : []
  return images.map((url) => ({ type: 'image' as const, url, src: url }))
}

const hideScrollbar = 'scrollbar-none'

/**
 * Media carousel with CSS scroll-snap: one item per view on phones, `perPage` 2 on laptop
 * (docs/product/shopping.md sections 2 and 9), thumbnails on laptop (beside the gallery when `vertical`,
 * slide_option VERTICAL), dots on phones, arrows on laptop. Videos load nothing until played.
 */
export function ProductGallery({
  media,
  name,
  perPage = 2,
  vertical = false,
}: {
  media: MediaItem[]
  name: string
  perPage?: 1 | 2
  vertical?: boolean
}) {
  // The arrows work only with JavaScript: they join after hydration, off the first view's HTML.
  const hydrated = useHydrated()
  const t = useNamespaceT('product')
  const scroller = useRef<HTMLUListElement>(null)
  const [active, setActive] = useState(0)
  const [edges, setEdges] = useState({ start: true, end: media.length <= 1 })

  const measure = useCallback(() => {
    const el = scroller.current
    const first = el?.firstElementChild as HTMLElement | null
    if (!el || !first || first.offsetWidth === 0) return
    setActive(Math.min(media.length - 1, Math.round(el.scrollLeft / first.offsetWidth)))
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 })
  }, [media.length])

  useEffect(() => {
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure])

  const scrollToItem = (index: number) => {
    const el = scroller.current
    const item = el?.children[index] as HTMLElement | undefined
    if (el && item) el.scrollTo({ left: item.offsetLeft, behavior: scrollMotion() })
  }
  const page = (direction: 1 | -1) => {
    const el = scroller.current
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: scrollMotion() })
  }

  if (media.length === 0) {
    return (
      <div className="aspect-[3/4] w-full bg-neutral-100 lg:w-1/2">
        <FallbackImage src="" alt={name} className="h-full w-full object-contain p-16" />
      </div>
    )
  }

  // Two per page on laptop; a lone picture keeps a sensible size instead of filling the column.
  const itemWidth =
    perPage === 1 ? 'w-full' : media.length > 1 ? 'w-full lg:w-1/2' : 'w-full lg:w-[min(100%,560px)]'
  // Thumbnails (laptop only) work only with JavaScript: until hydration an empty list of the same
  // size holds their place, so the first view's HTML stays small and nothing moves.
  const thumbnails = media.length > 1 && !hydrated && (
    <div
      aria-hidden="true"
      className={vertical ? 'hidden w-16 shrink-0 lg:block' : 'mt-3 hidden h-[85px] lg:block'}
    />
  )
  const thumbnailList = media.length > 1 && hydrated && (
    <ul
      aria-label={t('gallery.thumbnails', 'Thumbnails')}
      className={
        vertical
          ? `hidden max-h-[640px] w-16 shrink-0 flex-col gap-2 overflow-y-auto lg:flex ${hideScrollbar}`
          : `mt-3 hidden gap-2 overflow-x-auto lg:flex ${hideScrollbar}`
      }
    >
      {media.map((item, index) => (
        <li key={`${item.url}-${index}`} className="shrink-0">
          <button
            type="button"
            onClick={() => scrollToItem(index)}
            aria-label={t('gallery.show', 'Show item {{n}}', { n: index + 1 })}
            aria-current={index === active ? 'true' : undefined}
            className={`relative block w-16 overflow-hidden rounded-sm border transition ${
              index === active ? 'border-ink' : 'border-transparent opacity-70 hover:opacity-100'
            }`}
          >
            <FallbackImage
              src={item.src || item.url}
              alt=""
              loading="lazy"
              className="aspect-[3/4] w-full object-cover"
            />
            {item.type === 'video' && (
              <span className="absolute inset-0 grid place-items-center text-white" aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-6 w-6 drop-shadow" fill="currentColor">
                  <path d="M8 5v14l11-7z" />
                </svg>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('gallery.label', 'Product gallery')}
      className={vertical ? 'lg:flex lg:gap-3' : undefined}
    >
      {vertical && (thumbnails || thumbnailList)}
      <div className="relative min-w-0 flex-1">
        <ul
          ref={scroller}
          onScroll={measure}
          // A scrolling list a keyboard can reach and name (axe scrollable-region-focusable, issue 29):
          // focused, the arrow keys scroll it.
          tabIndex={0}
          aria-label={t('gallery.photos', 'Product photos')}
          className={`relative flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain ${hideScrollbar} ${
            media.length === 1 ? 'lg:justify-center' : ''
          }`}
        >
          {media.map((item, index) => (
            <li
              key={`${item.url}-${index}`}
              aria-roledescription="slide"
              aria-label={t('gallery.slide', '{{n}} of {{total}}', { n: index + 1, total: media.length })}
              className={`${itemWidth} shrink-0 snap-start bg-neutral-100`}
            >
              {item.type === 'video' ? (
                <GalleryVideo item={item} label={t('gallery.play', 'Play video: {{name}}', { name })} />
              ) : (
                <FallbackImage
                  src={item.src || item.url}
                  alt={`${name} ${index + 1}`}
                  loading={index < perPage ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  className="aspect-[3/4] w-full object-cover"
                />
              )}
            </li>
          ))}
        </ul>
        {hydrated && media.length > perPage && (
          <>
            <button
              type="button"
              onClick={() => page(-1)}
              disabled={edges.start}
              aria-label={t('gallery.previous', 'Previous')}
              className="absolute top-1/2 left-3 hidden h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow transition hover:bg-white disabled:opacity-0 lg:grid"
            >
              <ChevronIcon direction="left" className="h-5 w-5" strokeWidth={1.8} />
            </button>
            <button
              type="button"
              onClick={() => page(1)}
              disabled={edges.end}
              aria-label={t('gallery.next', 'Next')}
              className="absolute top-1/2 right-3 hidden h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow transition hover:bg-white disabled:opacity-0 lg:grid"
            >
              <ChevronIcon className="h-5 w-5" strokeWidth={1.8} />
            </button>
          </>
        )}
        {media.length > 1 && (
          <div className="mt-3 flex justify-center gap-1.5 lg:hidden" aria-hidden="true">
            {media.map((item, index) => (
              <span
                key={`${item.url}-${index}`}
                className={`h-1.5 rounded-full transition-all ${index === active ? 'w-5 bg-ink' : 'w-1.5 bg-neutral-300'}`}
              />
            ))}
          </div>
        )}
      </div>
      {!vertical && (thumbnails || thumbnailList)}
    </div>
  )
}

/**
 * A gallery video: this shop's own .mp4 in a <video> that loads nothing until played; a YouTube or
 * Vimeo video as its poster and a play button, opening the provider's player (privacy-enhanced
 * YouTube) only when pressed, so a product page asks nothing of them unless the shopper plays.
 */
function GalleryVideo({ item, label }: { item: MediaItem; label: string }) {
  const [playing, setPlaying] = useState(false)
  const player = item.url.startsWith('/media/') ? null : videoPlayerOf(item.url)
  if (!player)
    return (
      <video
        src={item.url}
        poster={item.src}
        muted
        playsInline
        controls
        preload="none"
        aria-label={label}
        className="aspect-[3/4] w-full bg-ink object-cover"
      />
    )
  if (playing)
    return (
      <iframe
        src={`${player}?autoplay=1`}
        title={label}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        className="aspect-[3/4] w-full bg-ink"
      />
    )
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={label}
      className="relative block w-full"
    >
      <FallbackImage src={item.src} alt="" loading="lazy" className="aspect-[3/4] w-full object-cover" />
      <span className="absolute inset-0 grid place-items-center text-white" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-14 w-14 drop-shadow" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </button>
  )
}
