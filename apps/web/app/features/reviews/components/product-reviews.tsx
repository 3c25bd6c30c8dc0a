import { useEffect, useId, useState } from 'react'
import type { ProductRating, PublishedReview } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { useTranslation } from '~/lib/i18n-react'
import { fetchProductRatings } from '../reviews.api'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { reviewDate } from './review-date'
import { StarRow } from './stars'
import { ReviewBody } from './review-body'

/**
 * A product's published reviews with their average (issue 13, an addition of ours). Loaded lazily, after
 * hydration, below the details and related products: none of it is in the page's first view.
 */
export default function ProductReviews({ api, productCode }: { api: ApiClient; productCode: string }) {
  const t = useNamespaceT('reviews')
  const { i18n } = useTranslation('reviews')
  const headingId = useId()
  const [rating, setRating] = useState<ProductRating | null>(null)
  const [items, setItems] = useState<PublishedReview[]>([])
  const [loadingMore, setLoadingMore] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    setRating(null)
    setItems([])
    fetchProductRatings(api, productCode, 1, controller.signal)
      .then((answer) => {
        if (!answer) return
        setRating(answer)
        setItems(answer.data_rating)
      })
      .catch(() => {})
    return () => controller.abort()
  }, [api, productCode])

  async function more() {
    if (!rating) return
    setLoadingMore(true)
    try {
      const next = await fetchProductRatings(api, productCode, rating.current_page + 1)
      if (next) {
        setRating(next)
        setItems((current) => [...current, ...next.data_rating])
      }
    } catch {
      // Silent call: the reviews already shown stay.
    }
    setLoadingMore(false)
  }

  if (!rating) return null
  return (
    <section aria-labelledby={headingId} className="mt-14 lg:mt-20" data-testid="product-reviews">
      <h2 id={headingId} className="text-sm font-semibold tracking-[0.2em] uppercase lg:text-base">
        {t('product.title', 'Reviews')}
      </h2>
      {rating.rating_count === 0 ? (
        <p className="mt-4 text-sm text-neutral-500">
          {t('product.none', 'No reviews yet. Reviews come from shoppers who bought this product.')}
        </p>
      ) : (
        <>
          <p className="mt-4 flex items-center gap-3 text-sm text-neutral-700">
            <StarRow
              rating={rating.rating_average}
              label={t('rated', 'Rated {{n}} of 5', { n: rating.rating_average })}
              className="h-5 w-5"
            />
            {t('product.summary', '{{average}} out of 5 · {{count}} reviews', {
              average: rating.rating_average.toLocaleString(i18n.language === 'id' ? 'id-ID' : 'en-GB'),
              count: rating.rating_count,
            })}
          </p>
          <ul className="mt-6 grid gap-6 lg:grid-cols-2 lg:gap-x-10">
            {items.map((review, index) => (
              <li key={`${review.reviewed_at}-${index}`} className="border-t border-neutral-200 pt-4 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <StarRow
                    rating={review.rating}
                    label={t('rated', 'Rated {{n}} of 5', { n: review.rating })}
                  />
                  <span className="text-xs text-neutral-500">
                    {reviewDate(review.reviewed_at, i18n.language)}
                  </span>
                </div>
                <p className="mt-2 font-medium text-ink">
                  {review.reviewer}{' '}
                  <span className="text-xs font-normal text-emerald-700">
                    · {t('product.verified', 'Verified buyer')}
                  </span>
                </p>
                <p className="text-xs text-neutral-500">
                  {t('size', 'Size: {{size}}', { size: review.ukuran })}
                </p>
                <ReviewBody text={review.review} photos={review.url_image} large />
              </li>
            ))}
          </ul>
          {rating.current_page < rating.total_page && (
            <button
              type="button"
              onClick={() => void more()}
              disabled={loadingMore}
              className="mt-6 text-xs font-semibold tracking-[0.14em] uppercase underline underline-offset-4"
            >
              {t('product.more', 'More reviews')}
            </button>
          )}
        </>
      )}
    </section>
  )
}
