import { useId, useState } from 'react'
import {
  canSubmitReview,
  REVIEW_PHOTOS_MAX,
  REVIEW_TEXT_MAX,
  reviewCharactersLeft,
  type ReviewItem,
} from '@busana/contract'
import { OverlayPanel } from '~/components/ui/overlay-panel'
import { Button } from '~/components/ui/button'
import { PhotoPicker, photoPickerLabels } from '~/components/ui/photo-picker'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { Star } from './stars'

/** The keys of a radio group over the five stars: from the focused star to the next rating. */
const starKeys: Record<string, (n: number) => number> = {
  ArrowRight: (n) => Math.min(5, n + 1),
  ArrowUp: (n) => Math.min(5, n + 1),
  ArrowLeft: (n) => Math.max(1, n - 1),
  ArrowDown: (n) => Math.max(1, n - 1),
  Home: () => 1,
  End: () => 5,
}

/**
 * The review modal (docs/product/account.md §5, Review): stars 1 to 5, the text with its remaining counter
 * (300), up to three photos (the add button goes at three). Submit is enabled once a rating and some text
 * are given; the server judges the photos again by their bytes.
 */
export function ReviewFormModal({
  item,
  busy,
  onSubmit,
  onClose,
}: {
  item: ReviewItem
  busy: boolean
  onSubmit: (review: { rating: number; text: string; photos: File[] }) => void
  onClose: () => void
}) {
  const t = useNamespaceT('reviews')
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [photos, setPhotos] = useState<File[]>([])
  const [photoError, setPhotoError] = useState<string | null>(null)
  const textId = useId()
  const left = reviewCharactersLeft(text)

  return (
    <OverlayPanel
      title={t('form.title', 'Write a Review')}
      onClose={onClose}
      closeLabel={t('close', 'Close')}
    >
      <form
        className="mt-4 flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (canSubmitReview(rating, text) && !busy) onSubmit({ rating, text, photos })
        }}
      >
        <div className="flex gap-3">
          {item.img_product && (
            <img
              src={item.img_product}
              alt=""
              width={60}
              height={80}
              className="h-20 w-[60px] object-cover"
            />
          )}
          <div className="min-w-0 text-sm">
            <p className="font-medium text-ink">{item.product_name}</p>
            <p className="text-neutral-500">{t('size', 'Size: {{size}}', { size: item.ukuran })}</p>
          </div>
        </div>

        <fieldset>
          <legend className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase">
            {t('form.rating', 'Your rating')}
          </legend>
          <div className="flex gap-1" role="radiogroup" aria-label={t('form.rating', 'Your rating')}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={rating === n}
                aria-label={t('form.stars', '{{count}} of 5 stars', { count: n })}
                // One tab stop; the arrow keys move the rating as in any radio group (issue 29).
                tabIndex={n === (rating || 1) ? 0 : -1}
                onKeyDown={(event) => {
                  const next = starKeys[event.key]?.(n)
                  if (next === undefined) return
                  event.preventDefault()
                  setRating(next)
                  const group = event.currentTarget.parentElement
                  group?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next - 1]?.focus()
                }}
                onClick={() => setRating(n)}
                className="p-0.5"
              >
                <Star on={n <= rating} className="h-8 w-8" />
              </button>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={textId} className="mb-2 block text-xs font-semibold tracking-[0.14em] uppercase">
            {t('form.text', 'Your review')}
          </label>
          <textarea
            id={textId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            maxLength={REVIEW_TEXT_MAX * 2}
            placeholder={t('form.placeholder', 'How do the fit, fabric and colour feel?')}
            className="w-full border border-neutral-300 p-3 text-sm focus:border-ink focus-visible:outline-offset-0"
          />
          <p
            className={`mt-1 text-right text-xs ${left < 0 ? 'text-red-600' : 'text-neutral-500'}`}
            aria-live="polite"
          >
            {t('form.left', '{{count}} characters left', { count: left })}
          </p>
        </div>

        <div>
          <p className="mb-2 text-xs font-semibold tracking-[0.14em] uppercase">
            {t('form.photos', 'Photos (up to 3)')}
          </p>
          <PhotoPicker
            photos={photos}
            max={REVIEW_PHOTOS_MAX}
            labels={photoPickerLabels(t)}
            inputTestId="review-photo-input"
            addTone="text-neutral-500"
            onChange={setPhotos}
            onRefused={setPhotoError}
          />
          {photoError && <p className="mt-2 text-xs text-red-600">{photoError}</p>}
        </div>

        <Button type="submit" disabled={!canSubmitReview(rating, text) || busy} className="w-full">
          {busy ? t('form.sending', 'Sending…') : t('form.submit', 'SUBMIT REVIEW')}
        </Button>
      </form>
    </OverlayPanel>
  )
}
