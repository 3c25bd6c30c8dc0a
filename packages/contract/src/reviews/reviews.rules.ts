/**
 * Reviews by verified buyers (docs/product/account.md §2, 3, 5 and 9; issue 13): a line of a customer's
 * own order that reached Success waits for its review (status OPEN) and is reviewed once
 * (PUBLISHED). These constants and rules are shared by the API and the storefront.
 */
export const REVIEW_STATUSES = ['OPEN', 'PUBLISHED'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** docs/product/account.md §9: review page size 5. */
export const REVIEW_PAGE_SIZE = 5
/** docs/product/account.md §5: description at most 300 characters. */
export const REVIEW_TEXT_MAX = 300
/** docs/product/account.md §5: up to 3 photos. */
export const REVIEW_PHOTOS_MAX = 3
/** Largest photo accepted, in bytes (issue 13: "at most a few MB each"). */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024
/** Largest photo accepted, in pixels (width × height): refuses decompression bombs before decoding. */
export const REVIEW_PHOTO_MAX_PIXELS = 40_000_000
/** The longest side of a stored photo (re-encoded, smaller ones are kept as they are). */
export const REVIEW_PHOTO_MAX_SIDE = 1600
/** The media types a photo may really be (sniffed from its bytes, never from its name). */
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** docs/product/account.md §9: the waiting-review prompt is snoozed 24 hours. */
export const REVIEW_PROMPT_SNOOZE_MS = 24 * 60 * 60 * 1000
/** docs/product/account.md §9: the notification hides after 1000 ms (when its stored expiry is missing or past). */
export const NOTIFICATION_HIDE_MS = 1000
/**
 * How long a stored waiting count may be shown without a new answer (ours; docs/product stores an
 * expiry but does not say how far ahead): after that the notification hides unless refreshed.
 */
export const NOTIFICATION_FRESH_MS = 10 * 60 * 1000

/** Characters left of the review text (the form's remaining counter). */
export const reviewCharactersLeft = (text: string) => REVIEW_TEXT_MAX - [...text].length

/** docs/product/account.md §5: a rating 1 to 5 and a non-empty description of at most 300 characters. */
export function canSubmitReview(rating: number, text: string): boolean {
  const length = [...text.trim()].length
  return (
    Number.isInteger(rating) && rating >= 1 && rating <= 5 && length > 0 && reviewCharactersLeft(text) >= 0
  )
}

/** A page number or an ellipsis in a pager. */
export type PagerItem = number | 'ellipsis'

/**
 * The pager of the reviews page (docs/product/account.md §2 (Reviews)): at most `slots` entries (5 under 1024
 * px, 7 otherwise), the first and last pages always shown, ellipses where pages are left out.
 */
export function pagerItems(current: number, total: number, slots: number): PagerItem[] {
  if (total <= 0) return []
  const page = Math.min(Math.max(1, current), total)
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1)
  // Pages around the current one when both ends need an ellipsis: slots minus first, last, two ellipses.
  const middle = Math.max(1, slots - 4)
  const edge = slots - 2 // pages shown beside one end when only the other end has an ellipsis
  if (page <= edge - Math.floor(middle / 2)) {
    return [...Array.from({ length: edge }, (_, i) => i + 1), 'ellipsis', total]
  }
  if (page >= total - edge + 1 + Math.floor(middle / 2)) {
    return [1, 'ellipsis', ...Array.from({ length: edge }, (_, i) => total - edge + 1 + i)]
  }
  const start = page - Math.floor((middle - 1) / 2)
  return [1, 'ellipsis', ...Array.from({ length: middle }, (_, i) => start + i), 'ellipsis', total]
}

/** The average of published ratings, to one decimal (0 when there is none). */
export const ratingAverage = (sum: number, count: number) =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : 0
