import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { ChevronIcon } from '~/components/ui/icons.tsx'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { scrollMotion } from '~/lib/motion.ts'

/**
 * Banner carousel on CSS scroll snap: one banner per page on phones, 2 per page at laptop width
 * (docs/product/shopping.md §9); dots and arrows page through it. Page count is measured after mount.
 */
export function BannerCarousel({
  images,
  href,
  label,
  priority = false,
}: {
  images: string[]
  href: string
  label: string
  priority?: boolean
}) {
  const { t } = useTranslation()
  const trackRef = useRef<HTMLUListElement>(null)
  const [pages, setPages] = useState(images.length)
  const [page, setPage] = useState(0)
  const single = images.length === 1
  // Arrows and dots work only with JavaScript: they join after hydration, off the first view's HTML.
  const hydrated = useHydrated()

  const measure = useCallback(() => {
    const track = trackRef.current
    if (!track || track.clientWidth === 0) return
    setPages(Math.max(1, Math.round(track.scrollWidth / track.clientWidth)))
    setPage(Math.round(track.scrollLeft / track.clientWidth))
  }, [])

  useEffect(() => {
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure])

  const goTo = (index: number) => {
    const track = trackRef.current
    if (!track) return
    const target = Math.max(0, Math.min(pages - 1, index))
    track.scrollTo({ left: target * track.clientWidth, behavior: scrollMotion() })
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.bannersOf', { title: label })}
      className="relative"
    >
      <ul
        ref={trackRef}
        onScroll={measure}
        className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto"
      >
        {images.map((image, index) => (
          <li
            key={`${image}-${index}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} / ${images.length}`}
            className={`w-full shrink-0 snap-start ${single ? '' : 'lg:w-1/2'}`}
          >
            <TrackedLink to={href} className="block">
              <img
                src={image}
                alt={`${label} ${index + 1}`}
                loading={priority && index < 2 ? 'eager' : 'lazy'}
                fetchPriority={priority && index === 0 ? 'high' : 'low'}
                decoding={priority && index === 0 ? 'sync' : 'async'}
                width={800}
                height={1000}
                className={`w-full bg-neutral-100 object-cover ${single ? 'aspect-[2/1] lg:aspect-[21/9]' : 'aspect-[2/1]'}`}
              />
            </TrackedLink>
          </li>
        ))}
      </ul>
      {hydrated && pages > 1 && (
        <>
          <button
            type="button"
            onClick={() => goTo(page - 1)}
            disabled={page === 0}
            aria-label={t('common.previous')}
            className="absolute left-4 top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow transition-opacity hover:bg-white disabled:opacity-0 lg:flex"
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            onClick={() => goTo(page + 1)}
            disabled={page >= pages - 1}
            aria-label={t('common.next')}
            className="absolute right-4 top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow transition-opacity hover:bg-white disabled:opacity-0 lg:flex"
          >
            <ChevronIcon />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1">
            {Array.from({ length: pages }, (_, index) => (
              <button
                key={index}
                type="button"
                onClick={() => goTo(index)}
                aria-label={t('common.goToSlide', { n: index + 1 })}
                aria-current={index === page ? 'true' : undefined}
                className="flex h-6 items-center px-1"
              >
                <span
                  className={`block h-0.5 transition-all ${index === page ? 'w-8 bg-white' : 'w-4 bg-white/50'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
